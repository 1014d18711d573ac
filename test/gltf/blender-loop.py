# Headless Blender, as a modder runs it: import a .glb with Blender's default import settings, report
# whether the ped stands, optionally turn one bone's key by 20 degrees, and export with the exporter's
# defaults (or with sampling off, or with the scene at 60 fps before the import). A model without an
# armature (a GTA III ped's frames) skips the standing check. Run by test/gltf/blender*.test.ts:
#   blender -b --factory-startup --python blender-loop.py -- IN.glb OUT.glb BONE|- sampled|unsampled|sampled60
import math
import sys

import numpy

# Debian's numpy 1.24 has no numpy.bool, which Blender 3.4's glTF add-on uses.
if not hasattr(numpy, 'bool'):
    numpy.bool = bool

import bpy
import mathutils

source, target, bone_name, sampling = sys.argv[sys.argv.index('--') + 1:]
bpy.ops.wm.read_factory_settings(use_empty=True)
if sampling == 'sampled60':
    bpy.context.scene.render.fps = 60  # the importer turns key times into frames at the scene's rate
bpy.ops.import_scene.gltf(filepath=source)  # every import setting at its default (bone heuristic: Temperance)
armature = next((o for o in bpy.data.objects if o.type == 'ARMATURE'), None)
bpy.context.view_layer.update()
if armature:
    head = armature.matrix_world @ armature.pose.bones['Head'].head
    foot = armature.matrix_world @ armature.pose.bones['L Foot'].head
    print(f'STANDING head_z={head.z} foot_z={foot.z}')
if bone_name != '-':
    action = armature.animation_data.action
    path = f'pose.bones["{bone_name}"].rotation_quaternion'
    frames = sorted({k.co[0] for c in action.fcurves if c.data_path == path for k in c.keyframe_points})
    frame = frames[len(frames) // 2]
    bpy.context.scene.frame_set(int(round(frame)), subframe=frame - int(round(frame)))
    bone = armature.pose.bones[bone_name]
    bone.rotation_quaternion = bone.rotation_quaternion @ mathutils.Quaternion((1, 0, 0), math.radians(20))
    bone.keyframe_insert('rotation_quaternion', frame=frame)
    print(f'EDITED {bone_name} frame={frame}')
# A .gltf target is Blender's glTF Separate: the JSON, its .bin and textures beside it.
options = dict(filepath=target, export_format='GLTF_SEPARATE' if target.endswith('.gltf') else 'GLB')
if sampling == 'unsampled':
    options['export_force_sampling'] = False  # the one setting changed: sampling off
bpy.ops.export_scene.gltf(**options)
print(f'EXPORTED {target}')
