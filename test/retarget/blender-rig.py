# Blender, headless, builds a foreign rig as an animator would: a Mixamo-named armature of its own
# (bones along +Y as Blender makes them, centimetres under a 0.01 object scale as Mixamo's imports are,
# Z up facing -Y), in the SA skin's rest pose or in a T-pose, driven by gameanim's glTF export of an SA
# clip through constraints and baked; then exported as glTF, FBX and BVH at the exporters' defaults.
# Usage: blender -b --factory-startup --python blender-rig.py -- CLIP.glb rest|tpose OUT_DIR
# Writes OUT_DIR/CLIPNAME.glb, .fbx and .bvh (a BVH's clip is named after its file).
import os
import sys
from math import pi

import numpy

# Debian's numpy 1.24 has no numpy.bool, which Blender 3.4's glTF add-on uses.
if not hasattr(numpy, 'bool'):
    numpy.bool = bool

import bpy
from mathutils import Matrix, Vector

source, pose, out_dir = sys.argv[sys.argv.index('--') + 1:]
CM = 100.0

# Mixamo joint, the SA bone it follows (an extra joint follows its parent's), its parent, whether it is an extra.
JOINTS = [
    ('Hips', 'Pelvis', None, False),
    ('Spine', 'Spine', 'Hips', False),
    ('Spine1', 'Spine', 'Spine', True),
    ('Spine2', 'Spine1', 'Spine1', False),
    ('Neck', 'Neck', 'Spine2', False),
    ('Head', 'Head', 'Neck', False),
    ('HeadTop_End', 'Head', 'Head', True),
]
for side, sa in (('Left', 'L'), ('Right', 'R')):
    JOINTS += [
        (f'{side}Shoulder', f'Bip01 {sa} Clavicle', 'Spine2', False),
        (f'{side}Arm', f'{sa} UpperArm', f'{side}Shoulder', False),
        (f'{side}ForeArm', f'{sa} ForeArm', f'{side}Arm', False),
        (f'{side}Hand', f'{sa} Hand', f'{side}ForeArm', False),
        (f'{side}HandIndex1', f'{sa} Finger', f'{side}Hand', False),
        (f'{side}HandIndex2', f'{sa} Finger01', f'{side}HandIndex1', False),
        (f'{side}UpLeg', f'{sa} Thigh', 'Hips', False),
        (f'{side}Leg', f'{sa} Calf', f'{side}UpLeg', False),
        (f'{side}Foot', f'{sa} Foot', f'{side}Leg', False),
        (f'{side}ToeBase', f'{sa} Toe0', f'{side}Foot', False),
        (f'{side}Toe_End', f'{sa} Toe0', f'{side}ToeBase', True),
    ]
PARENT = {name: parent for name, _, parent, _ in JOINTS}
# The T-pose: each limb segment (bone, its child) turned to point along the arms' or legs' direction.
T_CHAINS = [(side, [(f'{s} UpperArm', f'{s} ForeArm'), (f'{s} ForeArm', f'{s} Hand'), (f'{s} Hand', f'{s} Finger')]) for side, s in (('left', 'L'), ('right', 'R'))]
T_CHAINS += [('down', [(f'{s} Thigh', f'{s} Calf'), (f'{s} Calf', f'{s} Foot')]) for s in ('L', 'R')]

bpy.ops.wm.read_factory_settings(use_empty=True)
scene = bpy.context.scene
# Mixamo's rate: the imported clip's keys land on 30 Hz frames, and the bake keys every frame.
scene.render.fps = 30
bpy.ops.import_scene.gltf(filepath=source)
game = next(o for o in bpy.data.objects if o.type == 'ARMATURE')
clip = game.animation_data.action
clip_name = clip.name.split('_z-up')[0].lower() if '_z-up' in clip.name else clip.name
start, end = (int(round(f)) for f in clip.frame_range)
scene.frame_start, scene.frame_end = start, end

# The SA ped faces +Y in the game's world (Blender's world here); Blender's characters face -Y.
game.matrix_world = Matrix.Rotation(pi, 4, 'Z') @ game.matrix_world
bpy.context.view_layer.update()
bind = {b.name: game.matrix_world @ b.matrix_local for b in game.data.bones}
# Blender takes the skin's bind pose for its rest: the game's rest shifted as a whole, its root (at the
# origin in the game's rest) moved off it, while the clip's root keys stay absolute. The rig stands in
# the game's rest, as gameanim matches it.
shift = Matrix.Translation(-bind[next(b.name for b in game.data.bones if not b.parent)].to_translation())
rest = {name: shift @ m for name, m in bind.items()}
head = {name: m.to_translation() for name, m in rest.items()}


def nearest_axis(v):
    axis = max(range(3), key=lambda c: abs(v[c]))
    out = Vector((0, 0, 0))
    out[axis] = 1 if v[axis] > 0 else -1
    return out


# The skin's bind pose lies along an axis; the rig stands it up: head above the pelvis, its left on +X.
up, left = nearest_axis(head['Head'] - head['Pelvis']), nearest_axis(head['L UpperArm'] - head['R UpperArm'])
# Its rows are where +X, +Y and +Z come from: left, up x left (the front), up; about the origin, as gameanim stands it.
stand = Matrix((left, up.cross(left), up)).to_4x4()
standing = {name: stand @ m for name, m in rest.items()}


def children_of(name):
    return [b.name for b in game.data.bones if b.parent and b.parent.name == name]


def subtree(name):
    names = [name]
    for child in children_of(name):
        names += subtree(child)
    return names


def turn_subtree(worlds, name, turn):
    at = worlds[name].to_translation()
    for b in subtree(name):
        worlds[b] = Matrix.Translation(at) @ turn.to_matrix().to_4x4() @ Matrix.Translation(-at) @ worlds[b]


# The game skeleton in the pose the rig stands in: its rest (standing), or the T-pose gameanim matches
# a T-pose source with (arms out, legs down, feet flat as at rest).
target = dict(standing)
if pose == 'tpose':
    across = standing['L UpperArm'].to_translation() - standing['R UpperArm'].to_translation()
    across.z = 0
    toward = {'left': across.normalized(), 'right': -across.normalized(), 'down': Vector((0, 0, -1))}
    for direction, segments in T_CHAINS:
        for bone, child in segments:
            now = (target[child].to_translation() - target[bone].to_translation()).normalized()
            turn_subtree(target, bone, now.rotation_difference(toward[direction]))
    for foot in ('L Foot', 'R Foot'):
        turn_subtree(target, foot, standing[foot].to_quaternion() @ target[foot].to_quaternion().inverted())


def joint_position(name, sa, extra):
    own = target[sa].to_translation()
    if not extra:
        return own
    if name == 'Spine1':
        return own.lerp(target['Spine1'].to_translation(), 0.5)
    if name == 'HeadTop_End':
        return own + Vector((0, 0, 0.15))
    return own + (own - target[sa.replace('Toe0', 'Foot')].to_translation()) * 0.6


positions = {name: joint_position(name, sa, extra) for name, sa, _, extra in JOINTS}

# The rig: bones from each joint to its first child (leaves carry on their parent's way), in cm.
data = bpy.data.armatures.new('Armature')
rig = bpy.data.objects.new('Armature', data)
scene.collection.objects.link(rig)
rig.scale = (1 / CM, 1 / CM, 1 / CM)
bpy.context.view_layer.objects.active = rig
bpy.ops.object.mode_set(mode='EDIT')
for name, _, parent, _ in JOINTS:
    bone = data.edit_bones.new(f'mixamorig:{name}')
    children = [child for child, _, p, _ in JOINTS if p == name]
    tip = positions[children[0]] if children else positions[name] + (positions[name] - positions[parent]).normalized() * 0.05
    if (tip - positions[name]).length < 1e-3:
        tip = positions[name] + Vector((0, 0, 0.05))
    bone.head, bone.tail, bone.roll = positions[name] * CM, tip * CM, 0
    if parent:
        bone.parent = data.edit_bones[f'mixamorig:{parent}']
bpy.ops.object.mode_set(mode='OBJECT')
bpy.context.view_layer.update()
rig_rest = {name: rig.matrix_world @ data.bones[f'mixamorig:{name}'].matrix_local for name, *_ in JOINTS}

# The rest alignment: a helper bone on each followed SA bone, at the rig joint's rest, turned from the
# pose the rig stands in to the skin's lying rest. Following its SA bone, the helper's world rotation
# is the joint's to be: world_sa(t) · world_sa_rest⁻¹ · stand⁻¹ · (rest · pose⁻¹) · joint_rest.
bpy.context.view_layer.objects.active = game
bpy.ops.object.mode_set(mode='EDIT')
for name, sa, _, extra in JOINTS:
    if extra and name != 'Spine1':
        continue
    to_rest = (standing[sa].to_quaternion() @ target[sa].to_quaternion().inverted()).to_matrix().to_4x4()
    turned = (stand.inverted() @ to_rest @ rig_rest[name].normalized()).to_quaternion().to_matrix().to_4x4()
    # The hips' helper sits on the SA pelvis itself, whose travel the hips take.
    world = Matrix.Translation(bind[sa].to_translation() if name == 'Hips' else rig_rest[name].to_translation()) @ turned
    helper = game.data.edit_bones.new(f'follow {name}')
    helper.length = 0.05
    helper.matrix = game.matrix_world.inverted() @ world
    helper.parent = game.data.edit_bones[sa]
bpy.ops.object.mode_set(mode='OBJECT')

for name, _, _, extra in JOINTS:
    if extra and name != 'Spine1':
        continue
    bone = rig.pose.bones[f'mixamorig:{name}']
    # Rotation and (the hips) location, not Copy Transforms: that would copy the SA rig's unit scale too.
    for kind in ('COPY_ROTATION', 'COPY_LOCATION') if name == 'Hips' else ('COPY_ROTATION',):
        constraint = bone.constraints.new(kind)
        constraint.target, constraint.subtarget = game, f'follow {name}'
        constraint.owner_space = constraint.target_space = 'WORLD'

for o in list(bpy.context.selected_objects):
    o.select_set(False)
rig.select_set(True)
bpy.context.view_layer.objects.active = rig
bpy.ops.object.mode_set(mode='POSE')
bpy.ops.pose.select_all(action='SELECT')
bpy.ops.nla.bake(frame_start=start, frame_end=end, only_selected=True, visual_keying=True, clear_constraints=True, bake_types={'POSE'})
bpy.ops.object.mode_set(mode='OBJECT')
rig.animation_data.action.name = clip_name

# Only the rig goes out: the SA ped, its mesh and its clip are removed.
for o in [o for o in bpy.data.objects if o != rig]:
    bpy.data.objects.remove(o, do_unlink=True)
bpy.data.actions.remove(clip)
os.makedirs(out_dir, exist_ok=True)
rig.select_set(True)
bpy.context.view_layer.objects.active = rig
bpy.ops.export_scene.gltf(filepath=os.path.join(out_dir, f'{clip_name}.glb'))
# An FBX armature without a mesh has no bind pose: its rest is each bone's transform as it stands when
# written. So the rig is put at rest, its action off (the exporter bakes every action on its own).
action = rig.animation_data.action
action.use_fake_user = True
rig.animation_data.action = None
for bone in rig.pose.bones:
    bone.matrix_basis.identity()
bpy.ops.export_scene.fbx(filepath=os.path.join(out_dir, f'{clip_name}.fbx'))
rig.animation_data.action = action
bpy.ops.export_anim.bvh(filepath=os.path.join(out_dir, f'{clip_name}.bvh'), frame_start=start, frame_end=end)
print('BUILT', pose, len(data.bones), 'bones, frames', start, end, 'clip', clip_name)
