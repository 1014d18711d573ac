# Headless Blender bakes a clip as a modder's scene at 60 fps does: the scene set to 60 fps before the
# import (so the glTF's seconds land on 60 Hz frames), then an export at every exporter default, which
# samples every frame. Run by test/edit/reduce-blender.test.ts:
#   blender -b --factory-startup --python blender-bake.py -- IN.glb OUT.glb
import sys

import numpy

# Debian's numpy 1.24 has no numpy.bool, which Blender 3.4's glTF add-on uses.
if not hasattr(numpy, 'bool'):
    numpy.bool = bool

import bpy

source, target = sys.argv[sys.argv.index('--') + 1:]
bpy.ops.wm.read_factory_settings(use_empty=True)
bpy.context.scene.render.fps = 60
bpy.context.scene.render.fps_base = 1
bpy.ops.import_scene.gltf(filepath=source)
scene = bpy.context.scene
print(f'SCENE fps={scene.render.fps} frames={scene.frame_start}..{scene.frame_end}')
bpy.ops.export_scene.gltf(filepath=target, export_format='GLB')
print(f'EXPORTED {target}')
