"""The hand workbench without its screen: a hand as typed, analysed by the
same functions `tutor analyze` and `tutor score` use, put into words, and
written back as a lesson hand block.

It sits above tutor/lessons (it writes hand blocks with their `expect:`
claims) and below tutor/ui, and never imports Textual.
"""
