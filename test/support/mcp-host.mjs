// A minimal MCP Apps host page for test/mcp-app.browser.e2e-spec.ts, built on the host side of
// @modelcontextprotocol/ext-apps (AppBridge): it loads an app's HTML into a sandboxed frame under
// the CSP the app's `_meta.ui.csp` allows, hands it a tool's input and result, and forwards the
// app's tool calls to `window.hostCallTool`, which the test binds to a real MCP client. Bundled by
// esbuild at test time; runs in the browser.
import { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';

/** The CSP a host builds from `_meta.ui.csp` (SEP-1865, "CSP Construction from Metadata"). */
function cspOf(csp = {}) {
  const list = (domains) => (domains ?? []).join(' ');
  return [
    "default-src 'none'",
    `script-src 'self' 'unsafe-inline' ${list(csp.resourceDomains)}`,
    `style-src 'self' 'unsafe-inline' ${list(csp.resourceDomains)}`,
    `connect-src 'self' ${list(csp.connectDomains)}`,
    `img-src 'self' data: ${list(csp.resourceDomains)}`,
    `font-src 'self' ${list(csp.resourceDomains)}`,
    `media-src 'self' data: ${list(csp.resourceDomains)}`,
    `frame-src ${list(csp.frameDomains) || "'none'"}`,
    "object-src 'none'",
    `base-uri ${list(csp.baseUriDomains) || "'self'"}`,
  ].join('; ');
}

window.host = {
  bridge: undefined,
  calls: [],
  links: [],
  modelContext: undefined,

  /** Mounts the app and hands it one tool call's input and result. */
  async start({ html, csp, toolArguments, toolResult, hostContext }) {
    const frame = document.createElement('iframe');
    // Scripts only: no same-origin, so the app runs on an opaque origin of its own.
    frame.setAttribute('sandbox', 'allow-scripts');
    frame.title = 'Course Finder app';
    document.getElementById('apps').append(frame);

    const bridge = new AppBridge(
      null,
      { name: 'course-finder-test-host', version: '1.0.0' },
      { serverTools: {}, openLinks: {}, updateModelContext: { text: {} } },
      { hostContext },
    );
    bridge.oncalltool = async (params) => {
      this.calls.push(params);
      return window.hostCallTool(params);
    };
    bridge.onopenlink = async ({ url }) => {
      this.links.push(url);
      return {};
    };
    bridge.onupdatemodelcontext = async (params) => {
      this.modelContext = params;
      return {};
    };
    bridge.onsizechange = ({ height }) => {
      if (height) frame.style.height = `${height}px`;
    };
    const initialized = new Promise((resolve) => {
      bridge.oninitialized = resolve;
    });
    await bridge.connect(new PostMessageTransport(frame.contentWindow, frame.contentWindow));

    const meta = `<meta http-equiv="Content-Security-Policy" content="${cspOf(csp)}">`;
    frame.srcdoc = html.replace(/<head>/i, (head) => `${head}${meta}`);
    await initialized;
    await bridge.sendToolInput({ arguments: toolArguments });
    await bridge.sendToolResult(toolResult);
    this.bridge = bridge;
  },

  setHostContext(hostContext) {
    this.bridge.setHostContext(hostContext);
  },
};
