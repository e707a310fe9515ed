/**
 * Contact → Create against a gateway (a real local HTTP server) that refuses a whole list of contacts for
 * one contact on its opt-out list (code 131), as it does for a number in the group already (129).
 * Expected (docs/contacts-and-groups.md): the list goes again one contact at a time; only that contact's
 * item gets the error; the others are added.
 */
import { runAction } from '../support/run';
import { credentials, gateway, json } from '../support/transport-setup';

const OPTED_OUT = '31612345631';

test('one contact on the opt-out list (131): the others are added, the error lands on its item', async () => {
	let next = 700_100;
	gateway.answer = (seen, _req, res) => {
		const body = JSON.parse(seen.body) as { phone: string } | Array<{ phone: string }>;
		const contacts = Array.isArray(body) ? body : [body];
		if (contacts.some((contact) => contact.phone === OPTED_OUT))
			json(res, 400, { error: '131', errorMsg: `Number ${OPTED_OUT} is on the opt-out list` });
		else {
			const ids = contacts.map(() => String(next++));
			json(res, 200, Array.isArray(body) ? { IDs: ids } : { ID: ids[0] });
		}
	};
	const input = ['+31612345630', `+${OPTED_OUT}`, '+31612345632'].map((phone) => ({ phone }));
	const parameters = {
		resource: 'contact',
		operation: 'create',
		phone: '={{ $json.phone }}',
		groupId: { __rl: true, mode: 'id', value: '4821' },
	};
	const run = await runAction(parameters, input, credentials, { continueOnFail: true });
	expect(run.items.map((item) => [item.json.ID ?? null, item.json.code ?? null])).toEqual([
		['700100', null],
		[null, '131'],
		['700101', null],
	]);
});
