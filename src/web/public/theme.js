// Applies the last theme before first paint so a reload does not flash. A file,
// not an inline script, because the Content-Security-Policy allows no inline
// script; classic and blocking on purpose (it must run before the page shows).
try {
  const mode = localStorage.getItem("coldreach-theme") || "auto";
  const systemDark = matchMedia("(prefers-color-scheme: dark)").matches;
  if (mode === "dark" || (mode === "auto" && systemDark)) document.documentElement.classList.add("dark");
} catch {}
