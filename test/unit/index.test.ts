import { opensslHmacSha256 } from '../support/openssl';
import { SPEC_EXAMPLES } from '../fixtures/spec-events';

// The package's main entry, as a user outside n8n requires it.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const core = require('../../index.js');

test('index.js exports sign, verify, parseEvent and the code tables', () => {
	const body = JSON.stringify(SPEC_EXAMPLES.add_group);
	const t = 1795306058;
	const header = core.sign(body, 'secret', t);
	expect(header).toBe(`t=${t},v1=${opensslHmacSha256('secret', `${t}.${body}`)}`);
	expect(core.verify(body, { 'X-Service-Signature': header }, 'secret', { now: t })).toMatchObject({ ok: true });
	expect(core.verify(`${body} `, { 'X-Service-Signature': header }, 'secret', { now: t })).toMatchObject({
		ok: false,
		reason: 'no_matching_signature',
	});
	expect(core.parseEvent(SPEC_EXAMPLES.add_group)).toMatchObject({ ok: true });
	expect(Object.keys(core.DELIVERY_CODES)).toEqual(['0', '1', '2', '3', '4', '5', '9']);
	for (const table of ['DELIVERY_DETAIL_CODES', 'STATUS_CODES', 'API_ERROR_CODES'])
		expect(typeof core[table]).toBe('object');
});

test('index.js reads numbers as node version 5 does, a national number with countryByCode', () => {
	expect(core.normalizePhoneNumber('312 345 6789', core.countryByCode('IT'))).toEqual({
		ok: true,
		digits: '393123456789',
	});
	// Two valid numbers (the Italian 390 mobile, or the Novara landline in the gateway's format): refused, in plain text.
	expect(core.normalizePhoneNumber('390 321 2782', core.countryByCode('IT'))).toEqual({
		ok: false,
		error: expect.stringMatching(/^"390 321 2782" could be \+39 0321 2782 or \+39 390 321 2782\. As international/),
	});
	expect(core.parseRecipients('+31612345678, 0612', core.countryByCode('NL')).error).not.toMatch(/\u001f/);
	expect(core.parseRecipients('+31 6 1234 5678, 0160 12345678', core.countryByCode('de'))).toEqual({
		ok: true,
		numbers: ['31612345678', '4916012345678'],
	});
	expect(core.normalizePhoneNumber('+44 7700 900123')).toMatchObject({ ok: false });
});
