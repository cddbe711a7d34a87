/** Faults no explanation may have: leaked placeholders, empty lists, raw CPE names. */
export function explanationFaults(text: string): string[] {
  const faults: string[] = [];
  if (!text.trim()) faults.push('empty');
  if (/\bundefined\b/i.test(text)) faults.push('"undefined"');
  if (/\bnull\b/i.test(text)) faults.push('"null"');
  if (/\bNaN\b/.test(text)) faults.push('"NaN"');
  if (/\[\s*\]|\(\s*\)|\{\s*\}/.test(text)) faults.push('an empty bracket');
  if (/,\s*,|,\s*\.|\band\s*[.,]|\bor\s*[.,]|:\s*\./.test(text)) faults.push('an empty list item');
  if (/\bincluding\s*\./.test(text)) faults.push('an empty list');
  if (/cpe:(2\.3:|\/)/i.test(text)) faults.push('a raw CPE string');
  if (/\[object Object\]/.test(text)) faults.push('[object Object]');
  return faults;
}
