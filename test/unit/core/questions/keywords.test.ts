import { keywordOf, mentionsOptOut } from '../../../../nodes/MessagingGateway/core/questions/keywords';

// The keywords of issue 36 and CTIA's Messaging Principles (STOP / START / HELP), in any case, punctuation ignored.
test.each([
	['STOP', 'stop'],
	['Stop.', 'stop'],
	['  stop! ', 'stop'],
	['STOPALL', 'stop'],
	['Stop all', 'stop'],
	['UNSUBSCRIBE', 'stop'],
	['Cancel', 'stop'],
	['END', 'stop'],
	['quit', 'stop'],
	['OPTOUT', 'stop'],
	['opt-out', 'stop'],
	['REVOKE', 'stop'],
	['ARRET', 'stop'],
	['Arrêt', 'stop'],
	['STOPP', 'stop'],
	['Afmelden', 'stop'],
	['ABMELDEN', 'stop'],
	['baja', 'stop'],
	['START', 'start'],
	['Unstop', 'start'],
	['HELP', 'help'],
	['info?', 'help'],
	// Repeated, or on several lines: still the one request (issue 41).
	['STOP STOP', 'stop'],
	['stop\nstop', 'stop'],
	['Stop.\r\nSTOP!', 'stop'],
	['stop all stop all', 'stop'],
	['Stop. Unsubscribe.', 'stop'],
	['help help', 'help'],
	['START\nstart', 'start'],
])('%j is the keyword %s', (text, keyword) => {
	expect(keywordOf(text)).toBe(keyword);
	expect(mentionsOptOut(text)).toBe(false);
});

test.each(['stop texting me', 'Please STOP', 'I want to unsubscribe', 'cancel my order', 'stop start', 'help stop'])(
	'%j is no keyword but mentions stopping',
	(text) => {
		expect(keywordOf(text)).toBeUndefined();
		expect(mentionsOptOut(text)).toBe(true);
	},
);

test.each(['', 'stopwatch', 'Where is my order?', 'yes', 'helpful'])(
	'%j is no keyword and mentions no stopping',
	(text) => {
		expect(keywordOf(text)).toBeUndefined();
		expect(mentionsOptOut(text)).toBe(false);
	},
);
