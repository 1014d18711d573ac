# Blender, headless: import a foreign rig's GLB (an armature with one baked clip) and export it as a
# tool ships it: FBX (armature only, baked, no leaf bones, as Mixamo's downloads) and BVH (as mocap
# libraries). Usage: blender -b --factory-startup --python blender-rig.py -- IN.glb OUT.fbx OUT.bvh
import sys
import bpy

source, fbx, bvh = sys.argv[sys.argv.index('--') + 1:]
bpy.ops.wm.read_factory_settings(use_empty=True)
# The importer places keys on the scene's frames: at the rig's own 30 Hz, each key lands on a frame.
bpy.context.scene.render.fps = 30
bpy.ops.import_scene.gltf(filepath=source)
armature = next(o for o in bpy.data.objects if o.type == 'ARMATURE')
action = armature.animation_data.action
scene = bpy.context.scene
start, end = (int(round(f)) for f in action.frame_range)
scene.frame_start, scene.frame_end = start, end
for o in bpy.context.selected_objects:
    o.select_set(False)
armature.select_set(True)
bpy.context.view_layer.objects.active = armature
# FBX writes each bone's transform as it stands now: the rest, with the action off (the exporter bakes
# every action of the armature on its own).
armature.animation_data.action = None
for bone in armature.pose.bones:
    bone.matrix_basis.identity()
action.use_fake_user = True
bpy.ops.export_scene.fbx(filepath=fbx, use_selection=True, object_types={'ARMATURE'}, bake_anim=True, bake_anim_use_all_actions=True, bake_anim_use_nla_strips=False, add_leaf_bones=False)
armature.animation_data.action = action
bpy.ops.export_anim.bvh(filepath=bvh, frame_start=start, frame_end=end, root_transform_only=True)
print('EXPORTED', len(armature.data.bones), 'bones, frames', start, end)
