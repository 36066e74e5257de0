// Typography for rich-text bodies, shared by the editor and the previews so a
// preview looks like what was typed. There is no typography plugin in the
// build, so the element styles are spelled out as arbitrary variants.
export const richContentClass = [
  "text-sm leading-relaxed break-words",
  "[&_p]:my-2 [&_p:first-child]:mt-0 [&_p:last-child]:mb-0",
  "[&_h1]:mt-3 [&_h1]:mb-2 [&_h1]:font-semibold [&_h1]:text-2xl",
  "[&_h2]:mt-3 [&_h2]:mb-2 [&_h2]:font-semibold [&_h2]:text-xl",
  "[&_h3]:mt-3 [&_h3]:mb-2 [&_h3]:font-semibold [&_h3]:text-lg",
  "[&_ul]:my-2 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:pl-6 [&_li_p]:my-0",
  "[&_blockquote]:my-2 [&_blockquote]:border-l-2 [&_blockquote]:pl-3 [&_blockquote]:text-muted-foreground",
  "[&_a]:text-primary [&_a]:underline [&_a]:underline-offset-2",
  "[&_img]:my-2 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-sm",
].join(" ");
