import {
  EXTENSION_ID,
  RESOURCE_MIME_TYPE,
  RESOURCE_URI_META_KEY,
} from '@modelcontextprotocol/ext-apps/server';
import { MCP_APPS } from './server-info';

describe('MCP_APPS', () => {
  it('names the extension as @modelcontextprotocol/ext-apps does', () => {
    expect(MCP_APPS).toEqual({
      extensionId: EXTENSION_ID,
      mimeType: RESOURCE_MIME_TYPE,
      legacyResourceUriKey: RESOURCE_URI_META_KEY,
    });
  });
});
