import type { OpenAPIObject } from '@nestjs/swagger';
import type { AppConfig } from '../core/config';
import { MCP_PATH } from '../core/paths';

/**
 * `GET /api/v1`: what an integrator with curl needs first, read from the OpenAPI document so it
 * can never disagree with it: each operation with its URL template (RFC 6570), and where the
 * documentation, the document and the limits are.
 */
export function apiIndex(document: OpenAPIObject, config: AppConfig) {
  const operations: Record<string, { method: string; url: string; summary: string }> = {};
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (typeof operation !== 'object' || !operation?.operationId) continue;
      const query = (operation.parameters ?? [])
        .filter((p: { in?: string }) => p.in === 'query')
        .map((p: { name: string }) => p.name);
      operations[operation.operationId] = {
        method: method.toUpperCase(),
        url: `${config.baseUrl}${path}${query.length ? `{?${query.join(',')}}` : ''}`,
        summary: operation.summary ?? '',
      };
    }
  }
  return {
    name: document.info.title,
    version: document.info.version,
    documentation_url: `${config.baseUrl}/docs`,
    openapi_url: `${config.baseUrl}/openapi.json`,
    operations,
    rate_limits: {
      window_seconds: 60,
      requests_per_ip: config.rateLimitPerIp,
      requests_per_verified_ai_assistant: config.rateLimitPerAssistant,
      shared_with_mcp: true,
    },
    mcp_url: `${config.publicUrl}${MCP_PATH}`,
    site_url: config.siteUrl,
  };
}
