import type { z } from 'zod';
import type { LockShape } from './lock-shape';
import type { BridgeShape, DoorSensorShape, GateShape } from './other-shapes';
import type { Bridge, DoorSensor, Gate, Lock } from './schemas';

/**
 * The device shapes are built by hand for speed (lock-shape.ts: a thousand locks per answer), so
 * their types come from the code, not from the schemas the OpenAPI document shows. These lines make
 * the type checker refuse a shape that no longer fits its schema: a field added to a shape without
 * the schema, or of another type, fails `tsc`, before any test runs.
 */
type Fits<Schema, Shape extends Schema> = Shape;

export type ShapesFitTheirSchemas = [
  Fits<z.infer<typeof Lock>, LockShape>,
  Fits<z.infer<typeof Bridge>, BridgeShape>,
  Fits<z.infer<typeof Gate>, GateShape>,
  Fits<z.infer<typeof DoorSensor>, DoorSensorShape>,
];
