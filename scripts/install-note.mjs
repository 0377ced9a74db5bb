// Runs after `npm install`. npm itself runs on the system's Node, and when that is older than 22 it
// prints an EBADENGINE warning for every package that asks for a newer one. They only ever run
// under the project's own Node 24 (the `node` devDependency, which every npm script uses), so the
// warnings are harmless: this says so where a newcomer reads them.
const npmNode = /\bnode\/v(\d+)\.[^\s]*/.exec(process.env.npm_config_user_agent ?? "");
if (npmNode && Number(npmNode[1]) < 22) {
  console.log(
    `npm ran on Node ${npmNode[0].slice(5)}, so the EBADENGINE warnings above are expected and harmless: ` +
      `every npm script runs under the project's own Node ${process.versions.node} (node_modules/.bin/node).`,
  );
}
