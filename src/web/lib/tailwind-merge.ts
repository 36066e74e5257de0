// Imported for its effect by the query layout (components/query-layout.tsx),
// the parent route of the signed-in app: its screens override ui/ components'
// classes (a Button's height, a TabsList's display) and rely on cn() merging
// them. React Router loads every matched route's module before it
// renders, so this has run before any of their components do.
import { twMerge } from "tailwind-merge";
import { installClassMerge } from "./cn.ts";

installClassMerge(twMerge);
