import { isOptOutReply } from '../../../../nodes/MessagingGateway/core/questions/keywords';
import {
	approvalWords,
	DEFAULT_APPROVE_WORDS,
	DEFAULT_DISAPPROVE_WORDS,
	judgeReply,
	normalizeReplyText,
	parseWordList,
} from '../../../../nodes/MessagingGateway/core/questions/replies';

const defaults = approvalWords(undefined, undefined);
if (!defaults.ok) throw new Error('the default lists are valid');
const judge = (reply: string) => judgeReply(reply, defaults.approve, defaults.disapprove);

describe('normalizeReplyText', () => {
	test('case, accents, punctuation and spacing do not count', () => {
		expect(normalizeReplyText('  Sí!!  ')).toBe('si');
		expect(normalizeReplyText('OUI.')).toBe('oui');
		expect(normalizeReplyText('D’accord')).toBe('d accord');
		expect(normalizeReplyText('Straße')).toBe('strasse');
		expect(normalizeReplyText('yes\n\tplease 👍')).toBe('yes please');
		expect(normalizeReplyText('ÉÈÊ')).toBe('eee');
	});
});

describe('parseWordList', () => {
	test('comma separated, trimmed, normalised, without empty entries or repeats', () => {
		expect(parseWordList(' Yes , OK,, yes ,Oké ')).toEqual(['yes', 'ok', 'oke']);
		expect(parseWordList(' , ')).toEqual([]);
	});
});

describe('judgeReply with the default lists', () => {
	test.each([
		'YES',
		'yes',
		'Y',
		'ok',
		'Ok!',
		' okay ',
		'Yes please',
		'ja',
		'Ja.',
		'oui',
		"d'accord",
		'sí',
		'SI',
		'vale',
		'claro',
	])('%s approves', (reply) => {
		expect(judge(reply)).toBe('approve');
	});

	test.each(['NO', 'no', 'N', 'n.', 'Nope', 'nee', 'Nee, bedankt', 'nein', 'NON', 'no way'])(
		'%s disapproves',
		(reply) => {
			expect(judge(reply)).toBe('disapprove');
		},
	);

	test.each([
		'',
		'   ',
		'!!!',
		'maybe',
		'yes no',
		'no, yes',
		'ok no',
		'I think yes',
		'yesterday',
		'nothing',
		'not now',
		'👍',
	])('%j is unclear', (reply) => {
		expect(judge(reply)).toBe('unclear');
	});

	test('the defaults cover YES/Y/OK and NO/N and nl, fr, de, es', () => {
		for (const word of ['yes', 'y', 'ok', 'ja', 'oui', 'si'])
			expect(parseWordList(DEFAULT_APPROVE_WORDS)).toContain(word);
		for (const word of ['no', 'n', 'nee', 'non', 'nein'])
			expect(parseWordList(DEFAULT_DISAPPROVE_WORDS)).toContain(word);
	});
});

describe('a negation keeps a reply from approving; an assenting "no + noun" keeps it from disapproving', () => {
	// A wrong "yes" is the worst outcome of an approval: these used to approve.
	test.each([
		'ok not now',
		'Yes I do not approve',
		'Sure not',
		"Yes, but don't do it yet",
		'ok dont',
		'Yes I can’t approve that',
		'Yeah never',
		'ok, nothing yet',
		'Ja, aber nicht heute',
		'Ja, kein Geld',
		'Ja niet doen',
		'Ja, geen idee',
		'Oui mais pas maintenant',
		'Oui, je ne sais pas',
		'Sí, nunca',
		'Vale, pero tampoco',
		'Claro, jamás',
	])('%j is unclear, not an approval', (reply) => {
		expect(judge(reply)).toBe('unclear');
	});

	// These used to disapprove.
	test.each([
		'No problem',
		'No problem, go ahead',
		'No objection',
		'no objections here',
		'No worries',
		'no issues',
		'No hay problema',
		'Nee, geen probleem',
		'Nein, kein Problem',
	])('%j is unclear, not a refusal', (reply) => {
		expect(judge(reply)).toBe('unclear');
	});

	test.each([
		'No, not now',
		"No, don't",
		'No, I do not want that',
		'Nee, niet doen',
		'Nein, nicht heute',
		'Non, pas maintenant',
		'No, nunca',
	])('%j still disapproves', (reply) => {
		expect(judge(reply)).toBe('disapprove');
	});

	test.each(['Yes please', 'ok go ahead', 'Sure thing', 'Ja graag', 'Oui, merci', 'Sí, claro que sí'])(
		'%j still approves',
		(reply) => {
			expect(judge(reply)).toBe('approve');
		},
	);

	test("a negation inside the user's own approve word counts as part of the word", () => {
		const words = approvalWords('why not, no problem', 'no');
		if (!words.ok) throw new Error('valid lists');
		expect(judgeReply('Why not!', words.approve, words.disapprove)).toBe('approve');
		expect(judgeReply('No problem', words.approve, words.disapprove)).toBe('approve');
		expect(judgeReply('Why not, not now', words.approve, words.disapprove)).toBe('unclear');
		expect(judgeReply('No', words.approve, words.disapprove)).toBe('disapprove');
	});
});

describe('isOptOutReply', () => {
	test.each([
		'STOP',
		'stop',
		'Stop.',
		'Unsubscribe',
		'unsubscribe me',
		'STOPALL',
		'Opt out',
		'OPTOUT',
		'quit',
		'END',
		'cancel',
		'Revoke',
		'Stopp',
		'Arrêt',
		'BAJA',
		'afmelden',
		'Abmelden',
	])('%j is an opt-out', (reply) => {
		expect(isOptOutReply(reply)).toBe(true);
	});

	test.each(['', 'maybe', 'yes', 'no', "don't stop", 'stopwatch', 'friend'])('%j is no opt-out', (reply) => {
		expect(isOptOutReply(reply)).toBe(false);
	});

	test('with the default lists an opt-out word is no answer', () => {
		for (const reply of ['STOP', 'Unsubscribe', 'opt out']) expect(judge(reply)).toBe('unclear');
	});
});

describe('approvalWords', () => {
	test("the user's lists replace the defaults; phrases of several words match as a whole", () => {
		const words = approvalWords('Go ahead, ✓ go', 'Stop, Hold on');
		expect(words).toMatchObject({
			ok: true,
			approve: ['go ahead', 'go'],
			disapprove: ['stop', 'hold on'],
			hint: 'Reply GO AHEAD or STOP',
		});
		if (!words.ok) return;
		expect(judgeReply('go ahead!', words.approve, words.disapprove)).toBe('approve');
		expect(judgeReply('Hold on please', words.approve, words.disapprove)).toBe('disapprove');
		expect(judgeReply('hold', words.approve, words.disapprove)).toBe('unclear');
		expect(judgeReply('yes', words.approve, words.disapprove)).toBe('unclear');
	});

	test('the default hint is "Reply YES or NO"', () => {
		expect(defaults.hint).toBe('Reply YES or NO');
	});

	test('empty text means the defaults; a list of only commas is refused; a word in both lists is refused', () => {
		expect(approvalWords('  ', '')).toMatchObject({ ok: true, hint: 'Reply YES or NO' });
		expect(approvalWords(',,', undefined)).toEqual({
			ok: false,
			field: 'approveWords',
			error: expect.stringContaining('no word'),
		});
		expect(approvalWords('yes, ok', 'no, OK!')).toEqual({
			ok: false,
			field: 'disapproveWords',
			error: expect.stringContaining('"ok"'),
		});
	});
});
