import type { Course } from '../catalog/course.schema';
import type { Meta } from '../core/envelope.schema';
import { fmt } from './format';

/**
 * What the site may say about verification, decided by the data it serves. While
 * `meta.contains_placeholder_data` is true no sentence presents a fact as verified; once every
 * course is real and dated, the same templates say so plainly. Built from the catalog a page is
 * rendered from, so a data reload changes the words with the data.
 */
export interface DataWords {
  /** Every course is real and has a last-verified date: the dataset may be called hand-verified. */
  allVerified: boolean;
  /** What the dataset is, as the object of "Course Finder publishes …". */
  dataset: string;
  /** The course list's title. */
  listTitle: string;
  /** How far the facts can be relied on, as one sentence without its full stop. */
  accuracy: string;
}

export function dataWords(
  courses: readonly Course[],
  meta: Pick<Meta, 'contains_placeholder_data'>,
): DataWords {
  const total = courses.length;
  const placeholders = courses.filter((course) => course.placeholder_data).length;
  const dated = courses.filter(
    (course) => !course.placeholder_data && course.verification.last_verified_on !== null,
  ).length;
  const these = `${fmt.number(total)} AI SEO and SEO ${total === 1 ? 'course' : 'courses'}`;
  if (meta.contains_placeholder_data) {
    return {
      allVerified: false,
      dataset:
        placeholders >= total
          ? `a dataset of ${these} that are, for now, fictional placeholders awaiting verification`
          : `a dataset of ${these}, ${fmt.number(placeholders)} of them fictional placeholders awaiting verification`,
      listTitle: 'AI SEO courses (placeholder data)',
      accuracy:
        "Placeholder courses are fictional and not verified; any other course's facts hold as of its last-verified date",
    };
  }
  if (dated === total) {
    return {
      allVerified: true,
      dataset: `a hand-verified dataset of ${these}, each fact with the date it was checked`,
      listTitle: 'AI SEO courses, hand-verified',
      accuracy: "Facts are accurate as of each course's last-verified date",
    };
  }
  return {
    allVerified: false,
    dataset: `a dataset of ${these}, ${fmt.number(dated)} of them verified by hand so far, each with the date it was checked`,
    listTitle: 'AI SEO courses',
    accuracy:
      "A course's facts hold as of its last-verified date; a course without one has not been verified yet",
  };
}

/** "a dataset …" as the start of a sentence. */
export const sentence = (phrase: string) => phrase.charAt(0).toUpperCase() + phrase.slice(1);
