/** A number setting from the environment: the fallback when unset, empty, not a number or below `min`. */
const numberSetting = (name: string, fallback: number, min: number, whole: boolean): number => {
  const raw = process.env[name];
  const v = Number(raw);
  const ok = raw !== undefined && raw !== '' && (whole ? Number.isInteger(v) : Number.isFinite(v)) && v >= min;
  return ok ? v : fallback;
};

/** A duration setting in ms from the environment: the fallback when unset, empty, not a number or below `min`. */
export const msSetting = (name: string, fallback: number, min = 0): number => numberSetting(name, fallback, min, false);

/** A whole-number setting from the environment: the fallback when unset, empty, not a whole number or below `min`. */
export const intSetting = (name: string, fallback: number, min = 0): number => numberSetting(name, fallback, min, true);
