import { isDeepStrictEqual } from 'node:util';
import type { FieldChange } from '../catalog/history.schema';
import { isRecord } from '../core/json-value';

/**
 * Every member that differs, by dotted path. Objects are compared member by member; a list of
 * values (levels, formats) as a whole; a list of objects (sources) item by item, by position.
 */
export function changedFields(before: unknown, after: unknown, path = ''): FieldChange[] {
  if (isDeepStrictEqual(before, after)) return [];
  const at = (key: string | number) => (path === '' ? String(key) : `${path}.${key}`);
  if (isRecord(before) && isRecord(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((key) => changedFields(before[key], after[key], at(key)));
  }
  if (
    Array.isArray(before) &&
    Array.isArray(after) &&
    [...before, ...after].some((item) => typeof item === 'object' && item !== null)
  ) {
    const length = Math.max(before.length, after.length);
    return Array.from({ length }, (_, i) => changedFields(before[i], after[i], at(i))).flat();
  }
  return [{ field: path, before, after }];
}

/** A value as a cell: JSON, or `(none)` where the member does not exist on that side. */
export function shown(value: unknown): string {
  return value === undefined ? '(none)' : JSON.stringify(value);
}
