import { createHash } from 'node:crypto';

/** A strong entity tag computed from a body's bytes (decisions §6), whole or in pieces. */
export function strongEtag(body: string | Buffer | readonly Buffer[]): string {
  const hash = createHash('sha1');
  for (const piece of Array.isArray(body) ? body : [body]) hash.update(piece);
  return `"${hash.digest('base64url')}"`;
}

/**
 * A JSON body its handler encoded from work done once per dataset version, with its strong ETag
 * computed then. The response cache sends it as it is, where it would otherwise serialise and hash
 * the handler's object on every request.
 */
export class EncodedJson {
  constructor(
    readonly body: Buffer,
    readonly etag: string,
  ) {}
}
