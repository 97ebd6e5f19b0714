#!/usr/bin/env bash
# CI smoke step: start the built server and list its MCP tools with the MCP inspector CLI, as an
# assistant's tooling would; fail unless the seven tools (the contract's five, check_course_fit and
# get_changes) are there and a tool call succeeds.
set -euo pipefail
cd "$(dirname "$0")/.."
node scripts/build-if-needed.mjs

port="$(node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')"
url="http://127.0.0.1:$port/mcp"
PORT="$port" HOST=127.0.0.1 LOG_LEVEL=warn ASSISTANT_RANGES=static node dist/main >/dev/null &
server=$!
trap 'kill "$server" 2>/dev/null || true' EXIT

for _ in $(seq 1 100); do
  node -e "fetch('http://127.0.0.1:$port/api/v1/methodology').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))" && break
  sleep 0.1
done

# The CLI finds its own package.json through "../package.json" relative to the working directory,
# so it runs from a directory one level below the repository root.
inspector() {
  (cd scripts && node ../node_modules/@modelcontextprotocol/inspector-cli/build/index.js "$url" "$@")
}

names="$(inspector --method tools/list | node -e '
  let text = "";
  process.stdin.on("data", (chunk) => (text += chunk));
  process.stdin.on("end", () => console.log(JSON.parse(text).tools.map((tool) => tool.name).sort().join(" ")));
')"
expected="check_course_fit compare_courses get_changes get_course get_methodology recommend_courses search_courses"
if [ "$names" != "$expected" ]; then
  echo "mcp-smoke: tools/list gave \"$names\", expected \"$expected\"" >&2
  exit 1
fi

result="$(inspector --method tools/call --tool-name get_methodology)"
if grep -q '"isError": true' <<<"$result" || ! grep -q '"structuredContent"' <<<"$result"; then
  echo "mcp-smoke: get_methodology failed: $result" >&2
  exit 1
fi
echo "mcp-smoke: $url lists the seven tools; get_methodology answers"
