/**
 * The API's messages are for programs ("groupId: groupId must be a UUID"); the portal shows them to
 * people. This turns the known developer phrasings into sentences and names fields in words;
 * anything else passes unchanged (the server's domain messages are already written for people).
 */

/** "groupId" -> "Group id", "filters.LinkName" -> "Link name" */
export function fieldWords(field: string): string {
  const last = field.split('.').pop() ?? field;
  const words = last.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const RULES: [RegExp, (m: RegExpMatchArray) => string][] = [
  [
    /^([\w.]+): (?:\1 )?must be a UUID\.?$/i,
    (m) => `${fieldWords(m[1])}: this is not a valid id. Pick it from the list or copy it again.`,
  ],
  [/^([\w.]+): (?:\1 )?must be a (?:whole )?number\.?$/i, (m) => `${fieldWords(m[1])}: enter a whole number.`],
  [
    /^([\w.]+): The host (.+) could not be resolved\.?$/i,
    (m) => `${fieldWords(m[1])}: the server ${m[2]} was not found. Check the spelling of the address.`,
  ],
  [
    /^The host (.+) could not be resolved\.?$/i,
    (m) => `The server ${m[1]} was not found. Check the spelling of the address.`,
  ],
  [/^Request failed \((5\d\d)\)\.?$/, () => 'Something went wrong on our side. Please try again in a moment.'],
  [/^Request failed \(429\)\.?$/, () => 'Too many requests in a short time. Wait a moment, then try again.'],
  [/^Request failed \((\d+)\)\.?$/, (m) => `The request could not be completed (error ${m[1]}). Please try again.`],
];

export function inWords(message: string): string {
  for (const [re, say] of RULES) {
    const m = message.match(re);
    if (m) return say(m);
  }
  // "field: field is required" style duplicates read as "Field: is required"
  const dup = message.match(/^([\w.]+): \1 (.+)$/);
  if (dup) return `${fieldWords(dup[1])}: ${dup[2]}`;
  return message;
}

/** The words for a request that never reached the server (offline, server down, DNS). */
export const UNREACHABLE = 'Cannot reach the server. Check your connection; trying again may help.';
