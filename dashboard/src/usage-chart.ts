/**
 * The 30-day usage chart: grouped SVG bars drawn with the DOM (no chart library), hidden from
 * assistive technology, and the same numbers as a table that screen readers read instead.
 */
import type { UsageDay } from './api.js';

const SVG = 'http://www.w3.org/2000/svg';
const METRICS = [
  { key: 'requests', label: 'Requests' },
  { key: 'rate_limited', label: 'Rate-limited (429)' },
  { key: 'exports', label: 'Exports' },
] as const;

const WIDTH = 600;
const HEIGHT = 160;
const TOP = 14;
const BOTTOM = 20;

function svg<K extends keyof SVGElementTagNameMap>(name: K, attributes: Record<string, string | number>): SVGElementTagNameMap[K] {
  const element = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attributes)) element.setAttribute(k, String(v));
  return element;
}

function text(x: number, y: number, content: string, anchor: 'start' | 'middle' | 'end'): SVGTextElement {
  const element = svg('text', { x, y, 'text-anchor': anchor });
  element.textContent = content;
  return element;
}

export function drawChart(days: readonly UsageDay[]): SVGSVGElement {
  const chart = svg('svg', { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: 'chart', 'aria-hidden': 'true', focusable: 'false' });
  const max = Math.max(1, ...days.flatMap((d) => METRICS.map((m) => d[m.key])));
  const plot = HEIGHT - TOP - BOTTOM;
  const slot = WIDTH / Math.max(1, days.length);
  const bar = Math.max(1, (slot - 4) / METRICS.length);
  chart.append(svg('line', { x1: 0, x2: WIDTH, y1: TOP + plot + 0.5, y2: TOP + plot + 0.5, class: 'axis' }));
  days.forEach((day, i) => {
    METRICS.forEach((metric, j) => {
      const value = day[metric.key];
      if (value === 0) return;
      const h = Math.max(1, (value / max) * plot);
      chart.append(
        svg('rect', {
          x: i * slot + 2 + j * bar,
          y: TOP + plot - h,
          width: bar,
          height: h,
          class: metric.key.replace('_', '-'),
          'data-date': day.date,
          'data-metric': metric.key,
          'data-value': value,
        }),
      );
    });
  });
  chart.append(text(0, 10, `max ${max}`, 'start'));
  const first = days[0]?.date ?? '';
  const last = days[days.length - 1]?.date ?? '';
  chart.append(text(0, HEIGHT - 6, first, 'start'), text(WIDTH, HEIGHT - 6, last, 'end'));
  return chart;
}

export function usageTable(days: readonly UsageDay[]): HTMLTableElement {
  const table = document.createElement('table');
  table.className = 'visually-hidden';
  const caption = table.createCaption();
  caption.textContent = 'Requests, rate-limited requests (429) and exports per day, last 30 days (UTC)';
  const head = table.createTHead().insertRow();
  for (const title of ['Day', ...METRICS.map((m) => m.label)]) {
    const th = document.createElement('th');
    th.scope = 'col';
    th.textContent = title;
    head.append(th);
  }
  const body = table.createTBody();
  for (const day of days) {
    const row = body.insertRow();
    const th = document.createElement('th');
    th.scope = 'row';
    th.textContent = day.date;
    row.append(th);
    for (const metric of METRICS) row.insertCell().textContent = String(day[metric.key]);
  }
  return table;
}

export function usageSummary(days: readonly UsageDay[]): string {
  const sum = (key: (typeof METRICS)[number]['key']) => days.reduce((total, d) => total + d[key], 0);
  return `Last 30 days: ${sum('requests')} requests, ${sum('rate_limited')} rate-limited (429), ${sum('exports')} exports.`;
}
