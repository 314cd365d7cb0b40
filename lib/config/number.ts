/** A duration setting in ms from the environment: the fallback when unset, empty, not a number or below `min`. */
export const msSetting = (name: string, fallback: number, min = 0): number => {
  const raw = process.env[name];
  const v = Number(raw);
  return raw !== undefined && raw !== '' && Number.isFinite(v) && v >= min ? v : fallback;
};
