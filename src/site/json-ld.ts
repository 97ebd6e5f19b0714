import type { Course } from '../catalog/course.schema';
import { LEVEL_LABELS } from '../catalog/vocabulary';

/**
 * schema.org JSON-LD: a page that shows courses carries an `ItemList` of them; a page that shows
 * none (the front door, the finder before its answers, the API documentation) is a `WebPage`,
 * never an empty list.
 */

function courseLd(course: Course): Record<string, unknown> {
  const { price } = course;
  return {
    '@type': 'Course',
    '@id': course.page_url,
    name: course.name,
    ...(course.description === null ? {} : { description: course.description }),
    url: course.page_url,
    ...(course.url === null ? {} : { sameAs: course.url }),
    provider: {
      '@type': 'Organization',
      name: course.provider.name,
      ...(course.provider.url === null ? {} : { url: course.provider.url }),
    },
    ...(course.levels.length
      ? { educationalLevel: course.levels.map((level) => LEVEL_LABELS[level]).join(', ') }
      : {}),
    ...(price.known && price.amount !== null && price.currency !== null
      ? {
          offers: {
            '@type': 'Offer',
            price: price.amount,
            priceCurrency: price.currency,
            category: price.type === 'free' ? 'Free' : 'Paid',
          },
        }
      : {}),
    ...(course.verification.last_verified_on === null
      ? {}
      : { dateModified: course.verification.last_verified_on }),
  };
}

export function pageLd(name: string, description: string, url: string, courses: readonly Course[]) {
  if (courses.length === 0) {
    return { '@context': 'https://schema.org', '@type': 'WebPage', name, description, url };
  }
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name,
    url,
    numberOfItems: courses.length,
    itemListElement: courses.map((course, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      item: courseLd(course),
    })),
  };
}

/** The glossary page: a `DefinedTermSet`, each term a `DefinedTerm` at its anchor. */
export function glossaryLd(
  name: string,
  description: string,
  url: string,
  terms: readonly { id: string; name: string; other_names: string[]; definition: string }[],
) {
  return {
    '@context': 'https://schema.org',
    '@type': 'DefinedTermSet',
    '@id': url,
    name,
    description,
    url,
    hasDefinedTerm: terms.map((term) => ({
      '@type': 'DefinedTerm',
      '@id': `${url}#${term.id}`,
      name: term.name,
      ...(term.other_names.length > 0 ? { alternateName: term.other_names } : {}),
      description: term.definition,
      url: `${url}#${term.id}`,
      inDefinedTermSet: url,
    })),
  };
}

/**
 * JSON for inside a `<script>` element: `<`, `>` and `&` as \u escapes so no value can close the
 * element or open a comment, and the two JavaScript line terminators escaped as well.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}
