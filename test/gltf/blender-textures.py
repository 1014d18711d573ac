# Blender (headless, factory settings) imports a glTF with its own add-on at its defaults and prints,
# as JSON, each material's base colour image: its name and size, or null when none is linked.
import bpy, json, sys
import numpy

# Debian's numpy 1.24 has no numpy.bool, which Blender 3.4's glTF add-on uses (as in blender-loop.py).
if not hasattr(numpy, 'bool'):
    numpy.bool = bool

source = sys.argv[sys.argv.index('--') + 1]
bpy.ops.wm.read_factory_settings(use_empty=True)
bpy.ops.import_scene.gltf(filepath=source)
def reaches_base_color(node, seen=()):
    """Whether a node's output flows into a Principled BSDF's Base Color (through a vertex-colour mix, say)."""
    for output in node.outputs:
        for link in output.links:
            if link.to_node.type == 'BSDF_PRINCIPLED' and link.to_socket.name == 'Base Color':
                return True
            if link.to_node not in seen and reaches_base_color(link.to_node, seen + (node,)):
                return True
    return False

out = {}
for material in bpy.data.materials:
    image = None
    if material.use_nodes:
        for node in material.node_tree.nodes:
            if node.type == 'TEX_IMAGE' and node.image and reaches_base_color(node):
                image = {'name': node.image.name, 'size': list(node.image.size)}
    out[material.name] = image
print('TEXTURES ' + json.dumps(out))
