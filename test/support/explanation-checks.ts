/** Faults no explanation may have: leaked placeholders, empty lists, raw CPE names. */
export function explanationFaults(text: string): string[] {
  const faults: string[] = [];
  if (!text.trim()) faults.push('empty');
  // A leaked JavaScript value is lower case and stands alone; "Undefined Behavior", "null pointer",
  // "NULL byte" and product names such as "Null Httpd" are English.
  if (/(?<![-\w])undefined(?![-\w])(?! (behaviou?r|data|values?|state|memory|results?|variables?|symbols?|functions?|index|offsets?|pointers?))/.test(text))
    faults.push('"undefined"');
  if (
    /(?<![-\w])null(?![-\w])(?! (pointer|ptr|byte|character|char|dereference|deref|terminat|session|cipher|value|check|device|route|origin|address|entry|bind))/.test(
      text,
    )
  )
    faults.push('"null"');
  if (/\bNaN\b/.test(text)) faults.push('"NaN"');
  // An empty pair of brackets that is not a function call such as `register()` in a CNA's title.
  if (/(^|[^\w>\])-])(\[\s*\]|\(\s*\)|\{\s*\})/.test(text)) faults.push('an empty bracket');
  if (/,\s*,|,\s*\.(\s|$)|\s(and|or)\s*[.,](\s|$)|:\s*\.(\s|$)/.test(text)) faults.push('an empty list item');
  if (/\bincluding\s*\.(\s|$)|\bincluding\s*$/.test(text)) faults.push('an empty list');
  if (/cpe:(2\.3:|\/)/i.test(text)) faults.push('a raw CPE string');
  if (/\[object Object\]/.test(text)) faults.push('[object Object]');
  // Who can attack, said twice (from the description, then from the CVSS vector), must agree.
  const local = /Someone who can already log in to the machine|only with access to the machine itself/.test(text);
  const network = /An attacker on the network|over the network, even from the internet/.test(text);
  if (local && network) faults.push('says both a local and a network attacker');
  return faults;
}
