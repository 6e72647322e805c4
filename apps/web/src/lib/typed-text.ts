/**
 * The style of words a person typed (an application, an answer, a note, the camp's message): their line breaks
 * kept, and a long word or link wrapped instead of widening the page.
 */
export const typedTextStyle = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;
