# Sourced by the device scripts, from the repository root: the Node.js that travels in .device/
# (packed by ../shared/device/pack-node.sh) on a GPU machine that has none, with koffi — the
# bundle's only external module — in .device/node_modules.
if [ -f .device/node.xz ] && ! command -v node >/dev/null; then
  xz -dc .device/node.xz > .device/node && chmod +x .device/node
fi
export PATH=$PWD/.device:$PATH
export NODE_PATH=$PWD/.device/node_modules
[ -d node_modules ] || ln -s .device/node_modules node_modules
