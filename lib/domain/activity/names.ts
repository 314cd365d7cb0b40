/**
 * Human words for activity events (decisions.md). Pure data: the portal imports it too.
 * `method` answers "how": app, PIN, button, knob, link, automatic, the door sensor, or the device on its own.
 */
export type ActivityMethod = 'app' | 'PIN' | 'button' | 'knob' | 'link' | 'automatic' | 'sensor' | 'device';

export const EVENT_INFO: Record<number, { name: string; method: ActivityMethod }> = {
  32: { name: 'Locked remotely', method: 'app' },
  33: { name: 'Unlocked remotely', method: 'app' },
  34: { name: 'Locked with the button', method: 'button' },
  35: { name: 'Unlocked with the button', method: 'button' },
  36: { name: 'Locked automatically', method: 'automatic' },
  38: { name: 'Locked by hand (knob)', method: 'knob' },
  39: { name: 'Unlocked by hand (knob)', method: 'knob' },
  40: { name: 'Jammed', method: 'device' },
  46: { name: 'Battery charging started', method: 'device' },
  50: { name: 'Battery charging stopped', method: 'device' },
  51: { name: 'Pulled remotely', method: 'app' },
  61: { name: 'Unlocked with a PIN', method: 'PIN' },
  62: { name: 'Wrong PIN entered', method: 'PIN' },
  75: { name: 'PIN used outside its allowed time', method: 'PIN' },
  83: { name: 'Door opened', method: 'sensor' },
  84: { name: 'Door closed', method: 'sensor' },
  86: { name: 'Door open too long', method: 'sensor' },
  226: { name: 'Locked through an access link', method: 'link' },
  228: { name: 'Unlocked through an access link', method: 'link' },
  230: { name: 'Pulled through an access link', method: 'link' },
  10000: { name: 'Gate opened remotely', method: 'app' },
  10001: { name: 'Gate opened through an access link', method: 'link' },
};

export function eventInfo(event: number): { name: string; method: ActivityMethod } {
  return EVENT_INFO[event] ?? { name: `Event ${event}`, method: 'device' };
}

/** Who did it, in words: the person, the link, or nobody known ("by hand at the door"). */
export function authorText(item: { userId: number; username: string; event: number }): string {
  const { method } = eventInfo(item.event);
  if (method === 'link') return item.username ? `Access link "${item.username}"` : 'An access link';
  // an entry without a user may still carry a name: a PIN's alias at the keypad
  if (!item.userId && item.username && method === 'PIN') return `PIN "${item.username}" at the keypad`;
  if (item.username) return item.username;
  if (method === 'knob' || method === 'button') return 'By hand at the door';
  if (method === 'sensor') return 'Door sensor';
  if (method === 'automatic' || method === 'device') return 'The device itself';
  return 'Unknown';
}
