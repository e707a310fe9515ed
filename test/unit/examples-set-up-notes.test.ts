/**
 * Each example says on its canvas what to set up (issue 50): one sticky note, beside its nodes and over none of them,
 * naming every credential the example needs and each node that takes one. A node's own notes, which show only in
 * its settings, do not repeat it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface Node {
	name: string;
	type: string;
	typeVersion: number;
	position: [number, number];
	parameters: Record<string, unknown>;
	credentials?: Record<string, unknown>;
	notes?: string;
}

const EXAMPLES = join(__dirname, '../../examples');
const files = readdirSync(EXAMPLES).filter((file) => file.endsWith('.json'));
const nodesOf = (file: string) => (JSON.parse(readFileSync(join(EXAMPLES, file), 'utf8')) as { nodes: Node[] }).nodes;

const STICKY_NOTE = 'n8n-nodes-base.stickyNote';
/** n8n draws a node about 100 × 100 from its position, its name below it. */
const NODE = { width: 100, height: 140 };
/** The credential types as n8n's credential picker names them. */
const CREDENTIAL_NAMES: Record<string, string> = {
	messagingGatewayApi: 'Messaging Gateway API',
	httpHeaderAuth: 'Header Auth',
	openAiApi: 'OpenAI',
};
/** Nodes an example leaves without a credential, for the user's own: the credential type each asks for. */
const CHOSEN_BY_THE_USER: Record<string, string> = { '@n8n/n8n-nodes-langchain.lmChatOpenAi': 'openAiApi' };

/** Each credential type the example's nodes need, with the nodes that need it. */
function credentialsNeeded(nodes: Node[]): Map<string, string[]> {
	const needed = new Map<string, string[]>();
	for (const node of nodes) {
		const types = Object.keys(node.credentials ?? {});
		if (CHOSEN_BY_THE_USER[node.type]) types.push(CHOSEN_BY_THE_USER[node.type]);
		for (const type of types) needed.set(type, [...(needed.get(type) ?? []), node.name]);
	}
	return needed;
}

test('there is an example of each kind of credential', () => {
	const kinds = new Set(files.flatMap((file) => [...credentialsNeeded(nodesOf(file)).keys()]));
	expect([...kinds].sort()).toEqual(Object.keys(CREDENTIAL_NAMES).sort());
});

describe.each(files)('%s', (file) => {
	const nodes = nodesOf(file);
	const notes = nodes.filter((node) => node.type === STICKY_NOTE);
	const sticky = notes[0];
	const content = String(sticky?.parameters.content ?? '');

	test('has one sticky note, of the version n8n offers, with its content and size', () => {
		expect(notes).toHaveLength(1);
		expect(sticky.typeVersion).toBe(1);
		expect(sticky.parameters).toEqual({
			content: expect.stringContaining('Set up'),
			height: expect.any(Number),
			width: expect.any(Number),
			color: expect.any(Number),
		});
	});

	test('the sticky note names each credential to choose and the nodes that take it', () => {
		const needed = credentialsNeeded(nodes);
		expect(needed.size).toBeGreaterThan(0);
		for (const [type, names] of needed) {
			expect({ type, says: content.includes(`**${CREDENTIAL_NAMES[type]}** credential`) }).toEqual({
				type,
				says: true,
			});
			for (const name of names)
				expect({ type, name, named: content.includes(`**${name}**`) }).toEqual({ type, name, named: true });
		}
	});

	test('the sticky note covers no node', () => {
		const [x, y] = sticky.position;
		const { width, height } = sticky.parameters as { width: number; height: number };
		for (const node of nodes.filter((entry) => entry !== sticky)) {
			const [nx, ny] = node.position;
			const apart = nx >= x + width || nx + NODE.width <= x || ny >= y + height || ny + NODE.height <= y;
			expect({ node: node.name, apart }).toEqual({ node: node.name, apart: true });
		}
	});

	test("no node's notes repeat a sentence of the sticky note", () => {
		const sentences = (text: string) => text.split(/(?<=[.:])\s+/).filter((sentence) => sentence.length > 20);
		for (const node of nodes.filter((entry) => entry.notes))
			for (const sentence of sentences(node.notes!))
				expect({ node: node.name, sentence, repeated: content.includes(sentence) }).toEqual({
					node: node.name,
					sentence,
					repeated: false,
				});
	});
});
