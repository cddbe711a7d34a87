import { describe, expect, it } from 'vitest';
import { eventFor, eventOfChange, riskFieldsOf } from '../../shared/domain/watchlist-event.js';

describe('eventOfChange (product-decisions §7)', () => {
  it('a new record is cve.added', () => {
    expect(eventOfChange({ kind: 'added', fields: ['cvss_score', 'severity', 'risk_level'] })).toBe('cve.added');
  });

  it.each(['risk_level', 'severity', 'in_kev', 'weaponized', 'detectable'])('an update moving %s is cve.risk_changed', (field) => {
    expect(eventOfChange({ kind: 'updated', fields: ['epss', field, 'explanation'] })).toBe('cve.risk_changed');
  });

  it('any other update is cve.updated', () => {
    expect(eventOfChange({ kind: 'updated', fields: ['epss', 'patch_status', 'explanation', 'cvss_score'] })).toBe('cve.updated');
  });

  it('a rejection is no watchlist event', () => {
    expect(eventOfChange({ kind: 'rejected', fields: [] })).toBeUndefined();
  });

  it('riskFieldsOf keeps the risk fields in order', () => {
    expect(riskFieldsOf({ kind: 'updated', fields: ['cvss_score', 'severity', 'risk_level', 'in_kev', 'epss'] })).toEqual(['severity', 'risk_level', 'in_kev']);
  });
});

describe('eventFor', () => {
  const risk = { kind: 'updated' as const, fields: ['in_kev'] };
  const update = { kind: 'updated' as const, fields: ['epss'] };

  it('sends the event a matching, active watchlist asked for', () => {
    expect(eventFor(risk, { events: ['cve.risk_changed'], paused: false }, true)).toBe('cve.risk_changed');
    expect(eventFor(update, { events: ['cve.added', 'cve.updated'], paused: false }, true)).toBe('cve.updated');
  });

  it('sends nothing when the filters do not match, the watchlist is paused, or it did not ask for the event', () => {
    expect(eventFor(risk, { events: ['cve.risk_changed'], paused: false }, false)).toBeUndefined();
    expect(eventFor(risk, { events: ['cve.risk_changed'], paused: true }, true)).toBeUndefined();
    // Not downgraded: a risk change is not sent as an update to a watchlist asking for updates only.
    expect(eventFor(risk, { events: ['cve.updated'], paused: false }, true)).toBeUndefined();
    expect(eventFor(update, { events: ['cve.risk_changed'], paused: false }, true)).toBeUndefined();
  });
});
