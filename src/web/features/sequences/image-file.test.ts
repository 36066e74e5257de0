import { describe, expect, it } from "vitest";
import { imageFileProblem, MAX_IMAGE_BYTES } from "./image-file.ts";

describe("imageFileProblem", () => {
  it("accepts an image up to 5 MB", () => {
    expect(imageFileProblem({ type: "image/png", size: 1000 })).toBeNull();
    expect(imageFileProblem({ type: "image/jpeg", size: MAX_IMAGE_BYTES })).toBeNull();
  });

  it("rejects other files and larger images with the spec's messages", () => {
    expect(imageFileProblem({ type: "application/pdf", size: 10 })).toBe("Please select an image file");
    expect(imageFileProblem({ type: "", size: 10 })).toBe("Please select an image file");
    expect(imageFileProblem({ type: "image/svg+xml", size: 10 })).toBe("Please select a PNG, JPEG, GIF or WebP image");
    expect(imageFileProblem({ type: "image/png", size: MAX_IMAGE_BYTES + 1 })).toBe(
      "Please select an image smaller than 5MB",
    );
  });
});
