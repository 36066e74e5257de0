// What `import … from "zod"` resolves to in the web build (vite.config.ts
// aliases it here): zod itself, with the field messages installed first
// (#shared/api/field-messages.ts). ES modules run a module's imports before
// its body, so the messages are zod's default before any module that imports
// zod builds or parses a schema. Installing them in main.tsx put them in the
// entry chunk of every page, the booking page too, which checks its form
// without zod: now they load with zod, in its chunk, on the pages that use it.
import { installFieldMessages } from "#shared/api/field-messages.ts";

installFieldMessages();

// "zod/v4" is the same module graph as "zod" (zod 4's classic API) and is not
// caught by the alias, which matches "zod" exactly.
export * from "zod/v4";
