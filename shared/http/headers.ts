/** HTTP header names are case-insensitive; API Gateway passes them as the client sent them. */
export function headerValue(headers: Record<string, string | undefined> | null | undefined, name: string): string | undefined {
  if (!headers) return undefined;
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === wanted && value !== undefined && value.trim() !== '') return value;
  }
  return undefined;
}
