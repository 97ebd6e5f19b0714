import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { BlockList, isIP } from 'node:net';
import { z } from 'zod';
import { CatalogService } from '../catalog/catalog.service';
import type { AssistantsFile } from '../catalog/dataset';
import { AppConfig } from '../core/config';
import { RedisConnection } from './redis.connection';

/**
 * Verified AI assistants (docs/api.md#ai-assistants): a request from an IP in the ranges an
 * assistant's operator publishes for its outbound calls is that assistant's, unless its user agent
 * names another assistant; a user agent alone verifies nothing, and its absence demotes nothing
 * (connector calls have been seen without one). Range files are fetched at start and every
 * `refresh_hours`; the last good copy of each file is kept (in Redis too, for replicas that start
 * while a vendor's file is unreachable) and a failed fetch never drops it.
 */

/** OpenAI-style `{"prefixes":[{"ipv4Prefix"|"ipv6Prefix": cidr}]}`, or a plain list of CIDRs. */
const rangeFileSchema = z.union([
  z.array(z.string()),
  z.object({
    prefixes: z.array(
      z.object({ ipv4Prefix: z.string().optional(), ipv6Prefix: z.string().optional() }),
    ),
  }),
]);

const FETCH_TIMEOUT_MS = 5000;
/** Start-up waits at most this long for the range files; verification starts as they arrive. */
const START_WAIT_MS = 2000;

interface Cidr {
  address: string;
  prefix: number;
  type: 'ipv4' | 'ipv6';
}

export function parseCidr(text: string): Cidr | undefined {
  const [address, bits, extra] = text.trim().split('/');
  const family = isIP(address ?? '');
  if (family === 0 || extra !== undefined) return undefined;
  const max = family === 4 ? 32 : 128;
  const prefix = bits === undefined ? max : /^[0-9]+$/.test(bits) ? Number(bits) : NaN;
  if (!(prefix >= 0 && prefix <= max)) return undefined;
  return { address, prefix, type: family === 4 ? 'ipv4' : 'ipv6' };
}

/** The CIDRs of a range file; throws when it has none or is not one of the accepted forms. */
export function parseRangeFile(json: unknown): string[] {
  const file = rangeFileSchema.parse(json);
  const listed = Array.isArray(file)
    ? file
    : file.prefixes.flatMap((p) => [p.ipv4Prefix, p.ipv6Prefix].filter((c) => c !== undefined));
  const cidrs = listed.filter((cidr) => parseCidr(cidr) !== undefined);
  if (cidrs.length === 0) throw new Error('no valid CIDR in the file');
  return cidrs;
}

/** `::ffff:1.2.3.4` (IPv4 on a dual-stack socket) is 1.2.3.4. */
function plainIp(ip: string): { address: string; type: 'ipv4' | 'ipv6' } | undefined {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const address = mapped ? mapped[1] : ip;
  const family = isIP(address);
  return family === 0 ? undefined : { address, type: family === 4 ? 'ipv4' : 'ipv6' };
}

interface Assistant {
  name: string;
  /** Any of its user agent tokens, in any case. */
  claim: RegExp;
  ranges: BlockList;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

@Injectable()
export class AssistantsService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Assistants');
  /** Last good CIDRs of each range file URL. */
  private readonly fetched = new Map<string, string[]>();
  /** The range files whose last fetch failed, so that each change is said once. */
  private failing = new Set<string>();
  private started = false;
  private assistants: Assistant[] = [];
  private builtFor?: string;
  private timer?: NodeJS.Timeout;
  /**
   * The refresh under way and the files it fetches: a caller asking for the same files joins it
   * rather than fetching every file again; one asking for other files (the data changed) follows it.
   */
  private refreshing?: { urls: string; done: Promise<void> };

  constructor(
    private readonly catalog: CatalogService,
    private readonly redis: RedisConnection,
    private readonly config: AppConfig,
  ) {
    // The start does not wait for Redis: the copies are exchanged whenever it (re)connects.
    this.redis.client?.on('ready', this.onRedisReady);
  }

  async onApplicationBootstrap(): Promise<void> {
    this.rebuild();
    if (this.config.assistantRanges === 'static') {
      this.logger.debug(
        'ASSISTANT_RANGES=static: only the CIDRs of assistants.json verify assistants',
      );
      return;
    }
    let waited: NodeJS.Timeout | undefined;
    await Promise.race([
      this.refresh(),
      new Promise((resolve) => (waited = setTimeout(resolve, START_WAIT_MS))),
    ]);
    clearTimeout(waited);
    const hours = this.file().refresh_hours;
    this.timer = setInterval(() => void this.refresh(), hours * 3_600_000).unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
    this.redis.client?.off('ready', this.onRedisReady);
  }

  private readonly onRedisReady = () =>
    void this.exchangeCopies().catch((error: Error) =>
      this.logger.debug(`Range copies not exchanged with Redis: ${error.message}`),
    );

  /**
   * Once Redis answers: stores this replica's last good copy of each range file, and takes the copy
   * another replica stored of each file it has none of. A copy fetched while Redis was away is then
   * shared with the replicas that start later, and one missed then is taken. Before the first
   * fetch there is nothing to exchange: that fetch uses Redis itself.
   */
  private async exchangeCopies(): Promise<void> {
    if (!this.started) return;
    let taken = false;
    for (const url of new Set(this.file().assistants.flatMap((a) => a.range_urls))) {
      const key = this.rangesKey(url);
      const copy = this.fetched.get(url);
      if (copy) {
        await this.redis.client?.set(key, JSON.stringify(copy)).catch(() => undefined);
      } else {
        const shared = await this.redis.client?.get(key).catch(() => null);
        if (shared) {
          this.fetched.set(url, JSON.parse(shared) as string[]);
          taken = true;
        }
      }
    }
    if (taken) this.rebuild();
  }

  private rangesKey(url: string): string {
    return `${this.redis.prefix}assistant-ranges:${url}`;
  }

  /** The name of the assistant this request verifiably comes from, or undefined. */
  identify(userAgent: string | undefined, ip: string | undefined): string | undefined {
    const client = ip === undefined ? undefined : plainIp(ip);
    if (!client) return undefined;
    if (this.builtFor !== this.catalog.current().dataset.hash) {
      this.rebuild();
      void this.refresh();
    }
    const from = this.assistants.find((a) => a.ranges.check(client.address, client.type));
    if (!from || !userAgent || from.claim.test(userAgent)) return from?.name;
    const namesAnother = this.assistants.some(
      (other) => other !== from && other.claim.test(userAgent),
    );
    return namesAnother ? undefined : from.name;
  }

  /**
   * Fetches every range file once: a call while a refresh of the same files is under way joins it,
   * and one for other files (the data changed) runs after it. A file that fails keeps its last good
   * copy. What changed is said once: at start, files not reached (a start without internet) in one
   * calm line, and files that answered with something unreadable as a warning; later, a file that
   * stops answering as a warning and one that answers again as news; the reasons at debug.
   */
  refresh(): Promise<void> {
    if (this.config.assistantRanges === 'static') return Promise.resolve();
    const urls = [...new Set(this.file().assistants.flatMap((a) => a.range_urls))];
    const key = urls.join('\n');
    if (this.refreshing?.urls !== key) {
      const fetchAll = () => this.fetchAll(urls);
      const done: Promise<void> = (this.refreshing?.done ?? Promise.resolve())
        .then(fetchAll, fetchAll)
        .finally(() => {
          if (this.refreshing?.done === done) this.refreshing = undefined;
        });
      this.refreshing = { urls: key, done };
    }
    return this.refreshing.done;
  }

  private async fetchAll(urls: string[]): Promise<void> {
    const first = !this.started;
    this.started = true;
    const failed = (await Promise.all(urls.map((url) => this.fetchRanges(url)))).filter(
      (failure) => failure !== undefined,
    );
    this.rebuild();
    if (failed.length > 0) {
      const reasons = failed.map((f) => `${f.url} (${f.reason})`).join(', ');
      this.logger.debug(`Range files not fetched: ${reasons}`);
    }
    const before = this.failing;
    this.failing = new Set(failed.map((f) => f.url));
    const newly = failed.filter((f) => !before.has(f.url));
    const recovered = [...before].filter((url) => !this.failing.has(url));
    const hours = this.file().refresh_hours;
    const unreached = failed.filter((f) => !f.answered);
    const unreadable = failed.filter((f) => f.answered);
    if (first && unreached.length > 0) {
      const kept = unreached.filter((f) => this.fetched.has(f.url)).length;
      this.logger.log(
        `AI assistants' published IP ranges not fetched (${unreached.length} of ${urls.length} files; no network?): ${kept > 0 ? `${kept} use the copy kept in Redis, ` : ''}claims the ranges cannot verify count as ordinary clients; retried every ${hours} h. ASSISTANT_RANGES=static stops fetching.`,
      );
    }
    const warned = first ? unreadable : newly;
    if (warned.length > 0) {
      this.logger.warn(
        `AI assistants' published IP ranges: ${warned.length} of ${urls.length} files could not be ${first ? 'read' : 'refreshed'} (${warned.map((f) => `${f.url}: ${f.reason}`).join(', ')}); each keeps its last good copy, if it had one.`,
      );
    }
    if (recovered.length > 0) {
      this.logger.log(`AI assistants' published IP ranges fetched again: ${recovered.join(', ')}`);
    }
  }

  /**
   * Fetches one range file; on failure, says why and whether its server answered at all (the last
   * good copy stays).
   */
  private async fetchRanges(
    url: string,
  ): Promise<{ url: string; reason: string; answered: boolean } | undefined> {
    const key = this.rangesKey(url);
    let answered = false;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
      answered = true;
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const cidrs = parseRangeFile(await response.json());
      this.fetched.set(url, cidrs);
      await this.redis.client?.set(key, JSON.stringify(cidrs)).catch(() => undefined);
      return undefined;
    } catch (error) {
      if (!this.fetched.has(url)) {
        const shared = await this.redis.client?.get(key).catch(() => null);
        if (shared) this.fetched.set(url, JSON.parse(shared) as string[]);
      }
      return { url, reason: (error as Error).message, answered };
    }
  }

  private file(): AssistantsFile {
    return this.catalog.current().dataset.assistants;
  }

  private rebuild(): void {
    const dataset = this.catalog.current().dataset;
    this.assistants = dataset.assistants.assistants.map((entry) => {
      const ranges = new BlockList();
      const cidrs = [
        ...entry.cidrs,
        ...entry.range_urls.flatMap((url) => this.fetched.get(url) ?? []),
      ];
      for (const text of cidrs) {
        const cidr = parseCidr(text);
        if (cidr) ranges.addSubnet(cidr.address, cidr.prefix, cidr.type);
      }
      return {
        name: entry.name,
        // One expression per dataset version rather than a lower-cased copy of every user agent.
        claim: new RegExp(entry.user_agent_tokens.map(escapeRegExp).join('|'), 'i'),
        ranges,
      };
    });
    this.builtFor = dataset.hash;
  }
}
