# Blender (headless, factory settings) imports a glTF scene with its own add-on at its defaults and
# prints, as JSON, each object that plays an action (its type and its action's name) and every action.
import bpy, json, sys
import numpy

# Debian's numpy 1.24 has no numpy.bool, which Blender 3.4's glTF add-on uses (as in blender-loop.py).
if not hasattr(numpy, 'bool'):
    numpy.bool = bool

source = sys.argv[sys.argv.index('--') + 1]
bpy.ops.wm.read_factory_settings(use_empty=True)
bpy.ops.import_scene.gltf(filepath=source)
animated = {}
for obj in bpy.data.objects:
    if obj.animation_data and obj.animation_data.action:
        animated[obj.name] = {'type': obj.type, 'action': obj.animation_data.action.name, 'parent': obj.parent.name if obj.parent else None}
armatures = [obj.name for obj in bpy.data.objects if obj.type == 'ARMATURE']
print('SCENE ' + json.dumps({'animated': animated, 'actions': [action.name for action in bpy.data.actions], 'armatures': armatures}))
