/**
 * The dashboard's scan tab: a signed-in user drops (or chooses) a package-lock.json,
 * requirements.txt or CycloneDX/SPDX SBOM; the page sends it to POST /account/scan (session and
 * CSRF token, one of the key's 10 exports an hour) and lists the findings most urgent first, each
 * with its plain-English explanation and fix. Everything from the file or the answer is set as
 * text, never as markup.
 */
import { EXPORT_LIMIT, MAX_MANIFEST_LABEL } from '../../shared/domain/limits.js';
import { ApiFailure, type AccountApi, type ScanReport, type ScanVulnerability } from './api.js';

/** The badge names the scale: "High risk" alone reads as severity, which the level is not (product decisions §10). */
const RISK_WORDS: Record<NonNullable<ScanVulnerability['risk_level']>, string> = {
  CRITICAL_GAP: 'Critical gap: public exploit, no detection rule',
  HIGH: 'High (detection gap)',
  MEDIUM: 'Medium (detection gap)',
  LOW: 'Low (detection gap)',
};

function element<K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, className?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

function vulnerabilityItem(vulnerability: ScanVulnerability): HTMLLIElement {
  const item = element('li', undefined, 'scan-vulnerability');
  const heading = element('p', undefined, 'scan-vulnerability-title');
  const risk = vulnerability.risk_level ? RISK_WORDS[vulnerability.risk_level] : 'Risk not rated';
  heading.append(element('span', risk, `risk-badge risk-${(vulnerability.risk_level ?? 'none').toLowerCase().replace('_', '-')}`), ' ');
  if (vulnerability.cve_id) {
    const link = element('a', vulnerability.cve_id);
    link.href = `/cve/${encodeURIComponent(vulnerability.cve_id)}`;
    heading.append(link);
  } else {
    heading.append(element('span', vulnerability.id));
  }
  const score = vulnerability.cvss_score === null ? '' : `, CVSS ${vulnerability.cvss_score.toFixed(1)}`;
  heading.append(`: ${vulnerability.title} (${vulnerability.severity.toLowerCase()}${score})`);
  const fix = element('p');
  fix.append(element('strong', 'Fix: '), vulnerability.fix);
  item.append(heading, element('p', vulnerability.summary), fix);
  // The badge names a detection gap, not urgency: its meaning for this CVE is spelled out.
  if (vulnerability.risk_meaning) item.append(element('p', `Risk level ${vulnerability.risk_meaning}.`, 'scan-risk-meaning'));
  return item;
}

export function renderScanReport(report: ScanReport, fileName: string): HTMLElement {
  const wrapper = element('div');
  // The totals: an answer lists at most 2,000 vulnerabilities (docs/scan.md, "Bounds").
  const affected = report.findings_total;
  const count = report.vulnerabilities_total;
  wrapper.append(
    element('h3', `Results for ${fileName}`),
    element(
      'p',
      `${report.components} components, ${report.checked} checked. ` +
        (affected === 0
          ? 'No known vulnerability affects the checked components.'
          : `${affected} ${affected === 1 ? 'component has' : 'components have'} ${count} known ${count === 1 ? 'vulnerability' : 'vulnerabilities'}, most urgent first (known exploited, then a public exploit, then EPSS, then CVSS).`),
    ),
  );
  if (affected > 0) {
    const list = element('ol', undefined, 'scan-findings');
    for (const finding of report.findings) {
      const item = element('li');
      const where = finding.component.line === null ? '' : ` (line ${finding.component.line})`;
      item.append(element('h4', `${finding.component.name} ${finding.component.version}${where}`));
      const vulnerabilities = element('ul', undefined, 'scan-vulnerabilities');
      vulnerabilities.append(...finding.vulnerabilities.map(vulnerabilityItem));
      item.append(vulnerabilities);
      list.append(item);
    }
    wrapper.append(list);
    const listed = report.findings.reduce((n, f) => n + f.vulnerabilities.length, 0);
    if (listed < report.vulnerabilities_total) {
      wrapper.append(
        element(
          'p',
          `The ${listed} most urgent of ${report.vulnerabilities_total} are shown; scan through the API with format=sarif for a code-scanning view.`,
        ),
      );
    }
  }
  if (report.not_checked_total > 0) {
    const details = element('details');
    const total = report.not_checked_total;
    const shown = total > report.not_checked.length ? ` (the first ${report.not_checked.length} listed)` : '';
    details.append(element('summary', `${total} ${total === 1 ? 'entry was' : 'entries were'} not checked${shown}`));
    const list = element('ul');
    list.append(...report.not_checked.map((n) => element('li', `${n.line === null ? '' : `Line ${n.line}: `}${n.entry}. ${n.reason}`)));
    details.append(list);
    wrapper.append(details);
  }
  return wrapper;
}

/** Builds the tab's content inside its panel and wires the file input and the drop zone. */
export function mountScanTab(panel: HTMLElement, api: AccountApi, onSessionEnded: () => void): void {
  const intro = element(
    'p',
    `Check a dependency file against known vulnerabilities: npm package-lock.json (version 2 or 3), pip requirements.txt, or a CycloneDX (1.4 to 1.6) or SPDX 2.3 JSON SBOM, up to ${MAX_MANIFEST_LABEL}. Each scan uses one of your ${EXPORT_LIMIT.limit} exports an hour.`,
  );
  const zone = element('div', undefined, 'drop-zone');
  const label = element('label', 'Choose a lockfile or SBOM');
  label.htmlFor = 'scan-file';
  const input = element('input');
  input.type = 'file';
  input.id = 'scan-file';
  input.accept = '.json,.txt,application/json,text/plain';
  input.setAttribute('aria-describedby', 'scan-drop-hint');
  const hint = element('p', 'or drop the file here.', 'muted hint');
  hint.id = 'scan-drop-hint';
  zone.append(label, input, hint);
  const status = element('p', '', 'muted');
  status.id = 'scan-status';
  status.setAttribute('role', 'status');
  status.setAttribute('aria-live', 'polite');
  const error = element('p', '', 'field-error');
  error.id = 'scan-error';
  error.setAttribute('role', 'alert');
  error.hidden = true;
  const results = element('section');
  results.id = 'scan-results';
  results.setAttribute('aria-label', 'Scan results');
  panel.replaceChildren(element('h2', 'Scan a lockfile or SBOM'), intro, zone, status, error, results);

  const scan = async (file: File) => {
    error.hidden = true;
    input.disabled = true;
    status.textContent = `Scanning ${file.name}…`;
    results.replaceChildren();
    try {
      const report = await api.scan(file);
      status.textContent = `Scan of ${file.name} finished: ${report.findings.length} vulnerable ${report.findings.length === 1 ? 'component' : 'components'}.`;
      results.replaceChildren(renderScanReport(report, file.name));
    } catch (failure) {
      if (failure instanceof ApiFailure && failure.status === 401) return onSessionEnded();
      status.textContent = '';
      error.textContent = failure instanceof ApiFailure ? failure.message : 'The scan could not reach PlainCVE. Check your connection and try again.';
      error.hidden = false;
    } finally {
      input.disabled = false;
      input.value = '';
    }
  };

  input.addEventListener('change', () => {
    const file = input.files?.[0];
    if (file) void scan(file);
  });
  zone.addEventListener('dragover', (event) => {
    event.preventDefault();
    zone.classList.add('dragging');
  });
  zone.addEventListener('dragleave', () => zone.classList.remove('dragging'));
  zone.addEventListener('drop', (event) => {
    event.preventDefault();
    zone.classList.remove('dragging');
    const file = event.dataTransfer?.files[0];
    if (file) void scan(file);
  });
}
