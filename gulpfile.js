// After tsc: n8n loads node icons and codex files from dist, next to the compiled nodes.
const { src, dest } = require('gulp');

function copyNodeAssets() {
	return src(['nodes/**/*.svg', 'nodes/**/*.png', 'nodes/**/*.node.json'], { base: '.', encoding: false }).pipe(dest('dist'));
}

exports.build = copyNodeAssets;
