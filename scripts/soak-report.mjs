// The soak's report (scripts/soak.mjs): a Markdown table and an SVG chart, both from its samples.

export const round = (x, digits = 1) => (Number.isFinite(x) ? Number(x.toFixed(digits)) : null);

const cell = (x, digits = 1) => (Number.isFinite(x) ? String(round(x, digits)) : '–');

const escapeXml = (s) => String(s).replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

const sum = (xs) => xs.reduce((a, b) => a + b, 0);

/** Answers that count as "other unexpected": statuses, MCP errors, connection errors, timeouts. */
export const otherUnexpected = (s) => s.unexpected + s.mcpErrors + s.errors + s.timeouts;

const FIRST_COLUMN = {
  'before load': (s) => `${s.t} (before load)`,
  'warm-up': (s, { warmupS }) => `${s.t} (warm-up, ${warmupS} s: not checked)`,
  load: (s) => String(s.t),
};

export function markdown({ settings, meta, samples, kinds, routes, totals, growth, checks }) {
  const { rate, connections, streams, durationS, warmupS } = settings;
  const row = (s) =>
    s.phase === 'before load'
      ? `| ${FIRST_COLUMN[s.phase](s, settings)} | – | – | – | – | ${cell(s.hostLoad, 2)} | ${cell(s.rssMb)} | ${cell(s.heapMb)} | – | – | – | – | 0 / ${s.server5xx} | – |`
      : `| ${FIRST_COLUMN[s.phase](s, settings)} | ${cell(s.rps, 0)} | ${cell(s.latencyP99)} | ${cell(s.cpuPct, 0)} | ${cell(s.loadCpuPct, 0)} | ${cell(s.hostLoad, 2)} | ${cell(s.rssMb)} | ${cell(s.heapMb)} | ${cell(s.loopP99Ms)} | ${cell(s.loopMaxMs)} | ${cell(s.idleLoopP99Ms)} | ${s.s5xx} | ${s.client5xxTotal} / ${s.server5xx} | ${otherUnexpected(s)} |`;
  return [
    `# Soak ${meta.date}`,
    '',
    `- Machine: ${meta.machine}; load average at the start ${meta.loadavg} (the host is shared)`,
    `- Command: \`${meta.command}\``,
    `- Service: \`node ${meta.startArgs}\`, LOG_LEVEL=warn, rate limits far above the load, no Redis; \`/metrics\` read from ${meta.metricsSource}`,
    `- Load: ${rate} req/s targeted over ${connections} keep-alive connections (${streams} autocannon streams started ${1000 / streams} ms apart), ${warmupS} s of warm-up then ${durationS} s measured: ${totals.responses} responses in the measured time, ${cell(totals.rps)} req/s on average, latency p50 ${cell(totals.p50, 2)} ms and p99 ${cell(totals.p99, 2)} ms`,
    '',
    '| t (s) | req/s | latency p99 (ms) | service CPU (% of a core) | load generator CPU (% of a core) | host load (1 min) | RSS (MB) | heap used (MB) | event-loop p99 (ms) | event-loop max (ms) | idle process event-loop p99 (ms) | 5xx | 5xx so far (client / service) | other unexpected |',
    '| ----: | ----: | ---------------: | ------------------------: | -------------------------------: | ----------------: | -------: | -------------: | ------------------: | ------------------: | --------------------------------: | --: | ----------------------------: | ---------------: |',
    ...samples.map(row),
    '',
    'Mix (weights out of 100) and the statuses received, warm-up included:',
    '',
    '| request | weight | responses | statuses |',
    '| ------- | -----: | --------: | -------- |',
    ...kinds.map(
      (k) =>
        `| ${k.name} | ${k.weight} | ${sum(Object.values(k.statuses))} | ${Object.entries(
          k.statuses,
        )
          .map(([status, n]) => `${status}: ${n}`)
          .join(', ')} |`,
    ),
    '',
    'Time in the service per route (its `http_request_duration_seconds` histogram over the whole run), by total time:',
    '',
    '| route | requests | mean (ms) |',
    '| ----- | -------: | --------: |',
    ...routes.map((r) => `| ${r.route} | ${r.count} | ${cell(r.meanMs, 2)} |`),
    '',
    'Checks:',
    '',
    ...checks.map((c) => `- ${c.ok ? 'pass' : '**FAIL**'}: ${c.name}: ${c.detail}`),
    '',
    `RSS growth: ${growth.how}: ${cell(growth.first.rssMb)} MB (${growth.first.from}–${growth.first.to} s) → ${cell(growth.last.rssMb)} MB (${growth.last.from}–${growth.last.to} s), ${cell(growth.growth * 100)} %.`,
    '',
    "Event-loop delay: prom-client's `nodejs_eventloop_lag_p99_seconds` and `nodejs_eventloop_lag_max_seconds`, from `perf_hooks.monitorEventLoopDelay` (10 ms resolution), whose histogram prom-client resets at every scrape; the soak is the only scraper, so each row covers the interval since the previous row. Each recorded delay is the time between two ticks of the monitor's 10 ms timer, so an idle loop reads about 10 ms; the 100 ms limit is checked on these figures as they are. The idle process is a second Node process started by the soak that does nothing but measure its own event-loop delay the same way: what the shared host alone costs a process in that interval (it is not part of any check).",
    '',
  ].join('\n');
}

/** 1, 2 or 5 × a power of ten, so that about `count` steps cover `max`. */
function niceStep(max, count = 5) {
  const raw = max / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw);
}

/** Three panels over time: memory, event-loop delay, throughput; intervals with a 5xx in red. */
export function svgChart({ settings, meta, samples, growth }) {
  const { rate, intervalS, durationS, warmupS, limits } = settings;
  const width = 960;
  const left = 70;
  const plotWidth = width - left - 150;
  const panelHeight = 200;
  const gap = 60;
  const top = 50;
  const x = (t) => left + ((t + warmupS) / (durationS + warmupS)) * plotWidth;
  const loaded = samples.filter((s) => s.phase !== 'before load');
  const panels = [
    {
      title: 'Memory (MB)',
      series: [
        { label: 'RSS', color: '#1f77b4', points: samples.map((s) => [s.t, s.rssMb]) },
        { label: 'heap used', color: '#2ca02c', points: samples.map((s) => [s.t, s.heapMb]) },
      ],
      bands: [growth.first, growth.last].map((w) => ({
        ...w,
        mean: w.rssMb,
        label: `${w.label}: mean RSS ${round(w.rssMb)} MB`,
      })),
    },
    {
      title: `Event-loop delay per ${intervalS} s interval (ms)`,
      series: [
        { label: 'p99', color: '#d62728', points: loaded.map((s) => [s.t, s.loopP99Ms]) },
        {
          label: 'max',
          color: '#ff9896',
          dash: '4 3',
          points: loaded.map((s) => [s.t, s.loopMaxMs]),
        },
        {
          label: 'idle process p99',
          color: '#7f7f7f',
          dash: '2 3',
          points: loaded.map((s) => [s.t, s.idleLoopP99Ms]),
        },
      ],
      lines: [{ value: limits.eventLoopP99Ms, label: `limit (p99) ${limits.eventLoopP99Ms} ms` }],
    },
    {
      title: 'Responses per second, per interval',
      series: [{ label: 'req/s', color: '#9467bd', points: loaded.map((s) => [s.t, s.rps]) }],
      lines: [{ value: rate, label: `target ${rate}` }],
    },
  ];
  const height = top + panels.length * (panelHeight + gap) + 10;
  const errors = loaded.filter((s) => s.s5xx > 0);
  const title = `Course Finder soak, ${meta.date.slice(0, 16).replace('T', ' ')} UTC: ${rate} req/s for ${durationS} s`;
  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`,
    '<rect width="100%" height="100%" fill="#fff"/>',
    `<text x="${left}" y="24" font-size="15" font-weight="bold">${escapeXml(title)}</text>`,
    `<text x="${left}" y="42" fill="${errors.length ? '#d62728' : '#555'}">${errors.length ? `5xx in ${errors.length} interval(s), shaded red` : 'no 5xx'}${warmupS > 0 ? `; grey: the ${warmupS} s warm-up before t = 0 (not checked)` : ''}</text>`,
  ];
  panels.forEach((panel, i) => {
    const y0 = top + i * (panelHeight + gap) + 20;
    const values = panel.series.flatMap((s) => s.points.map(([, v]) => v)).filter(Number.isFinite);
    const max = Math.max(...values, ...(panel.lines ?? []).map((l) => l.value), 1) * 1.15;
    const step = niceStep(max);
    const yMax = Math.ceil(max / step) * step;
    const y = (v) => y0 + panelHeight - (v / yMax) * panelHeight;
    const dash = (series) => (series.dash ? ` stroke-dasharray="${series.dash}"` : '');
    out.push(`<text x="${left}" y="${y0 - 8}" font-weight="bold">${escapeXml(panel.title)}</text>`);
    if (warmupS > 0) {
      out.push(
        `<rect x="${x(-warmupS)}" y="${y0}" width="${x(0) - x(-warmupS)}" height="${panelHeight}" fill="#ececec"/>`,
      );
    }
    for (const band of panel.bands ?? []) {
      out.push(
        `<rect x="${x(band.from)}" y="${y0}" width="${x(band.to) - x(band.from)}" height="${panelHeight}" fill="#eef3fa" stroke="#c9d6ea"/>`,
        `<line x1="${x(band.from)}" x2="${x(band.to)}" y1="${y(band.mean)}" y2="${y(band.mean)}" stroke="#1f77b4" stroke-dasharray="2 3"/>`,
        // From the window's left edge, or ending at its right edge where the plot would cut it.
        x(band.from) + 4 + band.label.length * 6.5 < left + plotWidth
          ? `<text x="${x(band.from) + 4}" y="${y0 + panelHeight - 8}" fill="#6b88b0">${escapeXml(band.label)}</text>`
          : `<text x="${x(band.to) - 4}" y="${y0 + panelHeight - 8}" text-anchor="end" fill="#6b88b0">${escapeXml(band.label)}</text>`,
      );
    }
    for (const s of errors) {
      out.push(
        `<rect x="${x(s.t - intervalS)}" y="${y0}" width="${x(s.t) - x(s.t - intervalS)}" height="${panelHeight}" fill="#d62728" fill-opacity="0.15"/>`,
        `<text x="${x(s.t - intervalS / 2)}" y="${y0 + panelHeight - 6}" text-anchor="middle" fill="#d62728">${s.s5xx}×5xx</text>`,
      );
    }
    for (let v = 0; v <= yMax + step / 2; v += step) {
      out.push(
        `<line x1="${left}" x2="${left + plotWidth}" y1="${y(v)}" y2="${y(v)}" stroke="#e5e5e5"/>`,
        `<text x="${left - 6}" y="${y(v) + 4}" text-anchor="end" fill="#555">${round(v, 3)}</text>`,
      );
    }
    const tStep = niceStep(durationS, 10);
    for (let t = 0; t <= durationS; t += tStep) {
      out.push(
        `<line x1="${x(t)}" x2="${x(t)}" y1="${y0 + panelHeight}" y2="${y0 + panelHeight + 4}" stroke="#555"/>`,
        `<text x="${x(t)}" y="${y0 + panelHeight + 16}" text-anchor="middle" fill="#555">${t} s</text>`,
      );
    }
    out.push(
      `<rect x="${left}" y="${y0}" width="${plotWidth}" height="${panelHeight}" fill="none" stroke="#999"/>`,
    );
    for (const line of panel.lines ?? []) {
      out.push(
        `<line x1="${left}" x2="${left + plotWidth}" y1="${y(line.value)}" y2="${y(line.value)}" stroke="#555" stroke-dasharray="6 4"/>`,
        `<text x="${left + plotWidth - 6}" y="${y(line.value) - 5}" text-anchor="end" fill="#555">${escapeXml(line.label)}</text>`,
      );
    }
    panel.series.forEach((series, j) => {
      const points = series.points.filter(([, v]) => Number.isFinite(v));
      const legendY = y0 + 30 + j * 18;
      out.push(
        `<polyline fill="none" stroke="${series.color}" stroke-width="2"${dash(series)} points="${points.map(([t, v]) => `${round(x(t))},${round(y(v))}`).join(' ')}"/>`,
        ...points.map(
          ([t, v]) =>
            `<circle cx="${round(x(t))}" cy="${round(y(v))}" r="2.5" fill="${series.color}"/>`,
        ),
        `<line x1="${left + plotWidth + 6}" x2="${left + plotWidth + 26}" y1="${legendY}" y2="${legendY}" stroke="${series.color}" stroke-width="2"${dash(series)}/>`,
        `<text x="${left + plotWidth + 30}" y="${legendY + 4}">${escapeXml(series.label)}</text>`,
      );
    });
  });
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}
