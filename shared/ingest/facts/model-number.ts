/**
 * A device's model number as its name: I-O DATA's "HDL-F160" is NVD's `hlf-f160`, whatever series
 * letters stand before the number. Only a last word of letters and three digits or more ("f160",
 * "930l") of a name of two words or more; never a bare number ("S7-300"'s "300"), which names
 * many things.
 */
export function modelNumber(normalisedProduct: string): string | undefined {
  const tokens = normalisedProduct.trim().split(' ');
  const model = tokens.at(-1)!;
  return tokens.length >= 2 && /^(?=[a-z]*\d)(?=\d*[a-z])[a-z\d]{4,}$/.test(model) && /\d{3}/.test(model) ? model : undefined;
}
