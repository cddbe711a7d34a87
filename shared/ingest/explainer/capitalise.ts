/** The text with its first letter upper case: a sentence or title that starts with a lower-case word. */
export function capitalise(text: string): string {
  return text ? text[0]!.toUpperCase() + text.slice(1) : text;
}
