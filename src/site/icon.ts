/**
 * The service's icon: a magnifier over a list, in the site's link blue. MCP hosts show it beside the
 * server's name (`icons` in `initialize`, `server/discover` and the server card), so it is served
 * by the site on the service's own origin.
 */
export const ICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" role="img" aria-label="Course Finder">
<rect width="64" height="64" rx="14" fill="#0b57d0"/>
<path d="M14 18h22M14 28h14M14 38h10" stroke="#fff" stroke-width="5" stroke-linecap="round"/>
<circle cx="40" cy="38" r="10" fill="none" stroke="#fff" stroke-width="5"/>
<path d="M47 45l7 7" stroke="#fff" stroke-width="6" stroke-linecap="round"/>
</svg>
`;
