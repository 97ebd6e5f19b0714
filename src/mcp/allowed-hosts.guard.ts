import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { AppConfig } from '../core/config';
import { DomainError } from '../core/domain-error';

/**
 * DNS-rebinding protection for `/mcp` (docs/mcp.md#dns-rebinding-protection): the `Host` must name
 * this service and an `Origin`, when present, must be one of ours. Requests without `Origin`
 * (server-side assistants) pass. A rejection is 403 in the contract's error shape.
 */

interface HostEntry {
  hostname: string;
  /** Unset: any port. */
  port?: string;
}

const HOST_PATTERN = /^(\[[0-9a-f:.]+\]|[^:[\]/\s@]+)(?::([0-9]{1,5}))?$/i;

/** `name`, `name:port`, `[v6]` or `[v6]:port`, lowercased; undefined when malformed. */
export function parseHost(value: string): HostEntry | undefined {
  const match = HOST_PATTERN.exec(value.trim());
  if (!match) return undefined;
  return { hostname: match[1].toLowerCase(), ...(match[2] ? { port: match[2] } : {}) };
}

function normalizeOrigin(value: string): string {
  try {
    return new URL(value).origin;
  } catch {
    return value.trim().toLowerCase();
  }
}

export class RebindingPolicy {
  private readonly hosts: HostEntry[];
  private readonly origins: Set<string>;

  constructor(
    config: Pick<AppConfig, 'publicUrl' | 'siteUrl' | 'mcpAllowedHosts' | 'mcpAllowedOrigins'>,
  ) {
    // The public host is matched on its name: behind a proxy the port the client used is not ours.
    this.hosts = [new URL(config.publicUrl).hostname, 'localhost', '127.0.0.1', '[::1]']
      .concat(config.mcpAllowedHosts)
      .map(parseHost)
      .filter((entry): entry is HostEntry => entry !== undefined);
    this.origins = new Set(
      [config.siteUrl, config.publicUrl, ...config.mcpAllowedOrigins].map(normalizeOrigin),
    );
  }

  /** Why the request is refused, or undefined when it may proceed. */
  refusal(host: string | undefined, origin: string | undefined): string | undefined {
    const given = host === undefined ? undefined : parseHost(host);
    const hostAllowed =
      given !== undefined &&
      this.hosts.some(
        (entry) =>
          entry.hostname === given.hostname &&
          (entry.port === undefined || entry.port === given.port),
      );
    // Each names the setting that admits what it refuses (docs/operations.md#configuration).
    if (!hostAllowed) {
      return 'The Host header does not name this service: its host is the one of PUBLIC_URL, localhost, or one listed in MCP_ALLOWED_HOSTS.';
    }
    if (origin !== undefined && !this.origins.has(normalizeOrigin(origin))) {
      return 'Requests from this Origin are not allowed: the origins allowed are those of PUBLIC_URL and SITE_URL, and those listed in MCP_ALLOWED_ORIGINS.';
    }
    return undefined;
  }
}

@Injectable()
export class AllowedHostsGuard implements CanActivate {
  private readonly policy: RebindingPolicy;

  constructor(config: AppConfig) {
    this.policy = new RebindingPolicy(config);
  }

  canActivate(context: ExecutionContext): boolean {
    const { headers } = context.switchToHttp().getRequest<Request>();
    const refusal = this.policy.refusal(headers.host, headers.origin);
    if (refusal) throw new DomainError('forbidden', refusal);
    return true;
  }
}
