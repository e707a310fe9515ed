// Run by queue-preflight.ts with n8n's own Node and NODE_PATH set to n8n's node_modules, as n8n loads
// a community package: for each process's package folder, requires every node and credential file its
// manifest names and instantiates the class. Argument: JSON [{ name, dir, files }]. Prints JSON
// { [name]: [type names] | "error message" }.
const path = require('path');

const result = {};
for (const { name, dir, files } of JSON.parse(process.argv[2])) {
	try {
		result[name] = files.map((file) => {
			const exported = require(path.join(dir, file));
			const Type = Object.values(exported)[0];
			const instance = new Type();
			return (instance.description && instance.description.name) || instance.name;
		});
	} catch (error) {
		result[name] = String((error && error.message) || error);
	}
}
process.stdout.write(JSON.stringify(result));
