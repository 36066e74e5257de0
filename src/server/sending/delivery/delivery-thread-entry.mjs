// The delivery thread's entry point. Under `tsx` (npm start, the CLI scripts)
// the thread inherits the TypeScript loader and imports the worker directly;
// elsewhere (the test runner's processes) it registers tsx first, then imports
// it under another URL (a failed import stays failed for its URL).
try {
  await import("./delivery-thread-worker.ts");
} catch (error) {
  if (error?.code !== "ERR_UNKNOWN_FILE_EXTENSION") throw error;
  const { register } = await import("tsx/esm/api");
  register();
  await import("./delivery-thread-worker.ts?with-tsx");
}
