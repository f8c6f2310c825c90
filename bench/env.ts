/** A whole number above 0 from the environment variable `name`, or `fallback` when it is not set. */
export function positiveInt(name: string, fallback: number): number {
  const text = process.env[name];
  if (!text) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number, got "${text}"`);
  return value;
}
