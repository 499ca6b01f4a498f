/** How the image child's `validate` answers (image-child.ts); any other exit is a crash. */
export const IMAGE_CHILD_EXIT = { valid: 0, tooLarge: 3, unreadable: 4 } as const;
