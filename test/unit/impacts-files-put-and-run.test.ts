/**
 * Files the attacker puts on a machine: "download arbitrary files to the client system" writes
 * them there (data tampering, CVE-2007-3076, found reading twenty records), and "upload arbitrary
 * code and execute it" / "plant custom binaries and execute them" runs them (code execution).
 */
import { describe, expect, it } from 'vitest';
import { describedImpacts } from '../../shared/ingest/facts/impacts.js';

describe('files put on a machine', () => {
  it('reads files downloaded onto the client as written there, not read', () => {
    expect(
      describedImpacts(
        'A certain ActiveX control in sasatl.dll in Zenturi ProgramChecker allows remote attackers to download arbitrary files to the client system via the DownloadFile function.',
      ),
    ).toEqual(['data_tampering']);
    expect(
      describedImpacts(
        'allows remote attackers to force the download of arbitrary files onto a client system via a URL in the first argument to the Open method',
      ),
    ).toEqual(['data_tampering']);
  });

  it('still reads "download arbitrary files" from the server as disclosure', () => {
    expect(
      describedImpacts(
        'Directory traversal vulnerability in download.php allows remote attackers to download arbitrary files via a .. (dot dot) in the file parameter.',
      ),
    ).toEqual(['information_disclosure']);
  });

  it('reads files put there and then run as code execution', () => {
    expect(describedImpacts("The vulnerability could allow upload arbitrary code and execute it on the client's computer.")).toContain('code_execution');
    expect(describedImpacts('An unauthenticated attacker could exploit this to plant custom binaries and execute them with System permissions.')).toContain(
      'code_execution',
    );
    expect(
      describedImpacts(
        'allows remote Workspace Streaming servers and man-in-the-middle attackers to download arbitrary executable files onto a client system, and execute these files, via unspecified vectors.',
      ),
    ).toEqual(['code_execution', 'data_tampering']);
  });

  it('leaves code the product itself runs for the user, and a file put there and deleted, alone', () => {
    expect(
      describedImpacts('First, the attacker can write code in the editor, and compile and run it approximately three times to read an arbitrary file.'),
    ).not.toContain('code_execution');
    expect(describedImpacts('allows attackers to upload a file and then delete it')).not.toContain('code_execution');
  });
});
