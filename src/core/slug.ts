/** A course slug: lowercase letters and digits in words joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The longest slug the service accepts anywhere (the shipped ones are far shorter). */
export const SLUG_MAX_LENGTH = 100;

/** The most slugs a 404 for unknown courses offers as near ones (docs/api.md#unknown-courses). */
export const MAX_NEAR_SLUGS = 3;

export function isSlug(value: string): boolean {
  return value.length <= SLUG_MAX_LENGTH && SLUG_PATTERN.test(value);
}
