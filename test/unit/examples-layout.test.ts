/**
 * The examples as the canvas draws them: a node with two or more outputs (If, Switch, Send and Wait's) has the
 * targets of its outputs in the outputs' order from top to bottom, so their edges leave it without crossing
 * (the estimate example's true and false edges crossed).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface Example {
	nodes: Array<{ name: string; position: [number, number] }>;
	connections: Record<string, { main?: Array<Array<{ node: string }> | null> }>;
}

const EXAMPLES = join(__dirname, '../../examples');
const files = readdirSync(EXAMPLES).filter((file) => file.endsWith('.json'));

test.each(files)("%s: each node's outputs lead to targets in the outputs' order, top to bottom", (file) => {
	const example = JSON.parse(readFileSync(join(EXAMPLES, file), 'utf8')) as Example;
	const y = new Map(example.nodes.map((node) => [node.name, node.position[1]]));
	for (const [source, { main = [] }] of Object.entries(example.connections)) {
		// The height of each output's targets (top-most and bottom-most), for the outputs that lead somewhere.
		const spans = main
			.filter((targets): targets is Array<{ node: string }> => (targets ?? []).length > 0)
			.map((targets) => targets.map((target) => y.get(target.node)!))
			.map((heights) => [Math.min(...heights), Math.max(...heights)]);
		for (let output = 1; output < spans.length; output++)
			expect({ file, source, output, above: spans[output - 1][1] <= spans[output][0] }).toEqual({
				file,
				source,
				output,
				above: true,
			});
	}
});
