"""A Python application that cannot even be compiled: its run must fail naming the SyntaxError."""
from pyspark.sql import SparkSession

def main(:
    SparkSession.builder.getOrCreate()
