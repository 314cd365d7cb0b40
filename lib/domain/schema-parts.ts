import { z } from 'zod';

/**
 * The parts the API's answer schemas share (lib/domain/<area>/schemas.ts; the OpenAPI document is
 * made from them): written once, so a moment or a window reads the same in every answer.
 */
export const int = () => z.number().int();

/** A moment in an answer. */
export const instant = z.string().describe('UTC, ISO 8601 with Z');

/**
 * When an access, a PIN or a link holds: its first and last moment, its daily hours (only their
 * wall-clock time counts, in the door's zone) and its weekdays (bits, null: every day); null where
 * it has none.
 */
export const windowFields = {
  startDate: instant.nullable(),
  endDate: instant.nullable(),
  dayStartTime: instant.nullable(),
  dayEndTime: instant.nullable(),
  weekDays: int().nullable(),
};
